// What a correctly signed sign-in message must also say to be accepted, in GoTrue's order and words: it was made
// for this site (an allowed HTTPS URI whose host is the message's domain) and it is valid now.
import { OAuthError } from '../oauth-error.ts';
import { isRedirectAllowed } from '../redirect.ts';
import type { AuthSettings } from '../settings.ts';
import type { SignInMessage } from './sign-in-message.ts';

const refuse = (description: string) => new OAuthError('invalid_grant', description);

/** Throws GoTrue's invalid_grant refusal when `message` may not sign anyone in to this site at `now`. */
export function checkSignInMessage(
  settings: AuthSettings,
  chainName: string,
  message: SignInMessage,
  now = new Date(),
): void {
  const { uri } = message;
  const isLocalhost = uri.hostname === 'localhost';
  if (uri.protocol !== 'https:' && !isLocalhost) {
    throw refuse(`Signed ${chainName} message is using URI which does not use HTTPS`);
  }
  if (!isRedirectAllowed(settings, uri.href)) {
    throw refuse(
      `Signed ${chainName} message is using URI which is not allowed on this server, message was signed for another app`,
    );
  }
  if (!isLocalhost && (uri.host !== message.domain || !isRedirectAllowed(settings, `https://${message.domain}/`))) {
    throw refuse(
      `Signed ${chainName} message is using a Domain that does not match the one in URI which is not allowed on this server`,
    );
  }
  if (message.notBefore && now < message.notBefore) {
    throw refuse(`Signed ${chainName} message becomes valid in the future`);
  }
  // Checked whenever given (GoTrue skips it for Ethereum messages that have no Not Before).
  if (message.expirationTime && now > message.expirationTime) {
    throw refuse(`Signed ${chainName} message is expired`);
  }
  const window = settings.web3MessageValidityMs;
  if (now.getTime() > message.issuedAt.getTime() + window) {
    throw refuse(`${chainName} message was issued too long ago`);
  }
  if (now.getTime() < message.issuedAt.getTime() - window) {
    throw refuse(`${chainName} message was issued too far in the future`);
  }
}
