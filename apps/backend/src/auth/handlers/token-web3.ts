// grant_type=web3: a wallet's signature over a Sign-In with Ethereum or Solana message (supabase-js signInWithWeb3)
// signs in the account of identity web3:<chain>:<address>, created on the first sign-in. GoTrue's checks and words.
import { z } from 'zod';
import { clientIp } from '../client-ip.ts';
import { requestedRedirect, userAgentOf, type OpenHandler } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import { signInWithExternalIdentity } from '../flows/external-accounts.ts';
import { OAuthError } from '../oauth-error.ts';
import { redirectTarget } from '../redirect.ts';
import { readJson, text } from '../request.ts';
import { decodeEthereumSignature, ethereumMessageFormat, ethereumSignatureMatches } from '../web3/ethereum.ts';
import { checkSignInMessage } from '../web3/message-checks.ts';
import { MessageError, parseSignInMessage, type MessageFormat, type SignInMessage } from '../web3/sign-in-message.ts';
import { decodeSolanaSignature, solanaMessageFormat, solanaSignatureMatches } from '../web3/solana.ts';

const Web3Body = z.object({ chain: text, message: text, signature: text });

interface Chain {
  format: MessageFormat;
  /** The signature's bytes, or GoTrue's refusal of its encoding. */
  decodeSignature(signature: string): Uint8Array;
  signatureMatches(message: SignInMessage, signature: Uint8Array): boolean;
}

const CHAINS: Record<'ethereum' | 'solana', Chain> = {
  ethereum: {
    format: ethereumMessageFormat,
    decodeSignature: (signature) =>
      decodeEthereumSignature(signature) ??
      fail('signature must be 65 bytes long, encoded as a 130 character-long hexadecimal string'),
    signatureMatches: ethereumSignatureMatches,
  },
  solana: {
    format: solanaMessageFormat,
    decodeSignature: (signature) => {
      const decoded = decodeSolanaSignature(signature);
      if (decoded === 'wrong length') fail('signature must be 64 bytes encoded as base64 with or without padding');
      if (decoded === 'not base64') fail('signature does not contain valid base64 characters');
      return decoded as Uint8Array;
    },
    signatureMatches: solanaSignatureMatches,
  },
};

function fail(message: string): never {
  throw AuthErrors.validation(message);
}

const web3Disabled = (message: string) => new AuthError(422, 'web3_provider_disabled', message);

function readMessage(chain: Chain, message: string, signature: string): SignInMessage {
  const length = Buffer.byteLength(message);
  if (length < 64) fail('message is too short');
  if (length > 20 * 1024) fail('message must not exceed 20KB');
  const signatureBytes = chain.decodeSignature(signature);
  let parsed: SignInMessage;
  try {
    parsed = parseSignInMessage(message, chain.format);
  } catch (error) {
    if (error instanceof MessageError) fail(error.message);
    throw error;
  }
  if (!chain.signatureMatches(parsed, signatureBytes)) {
    throw new OAuthError('invalid_grant', 'Signature does not match address in message');
  }
  return parsed;
}

export const web3Grant: OpenHandler = async (c, deps) => {
  const enabled = deps.settings.web3Chains;
  if (!enabled.ethereum && !enabled.solana) throw web3Disabled('Web3 provider is disabled');
  const body = await readJson(c, Web3Body);
  if (body.chain !== 'ethereum' && body.chain !== 'solana') {
    throw new AuthError(400, 'web3_unsupported_chain', 'Unsupported chain');
  }
  const chain = CHAINS[body.chain];
  const chainName = chain.format.chainName;
  if (!enabled[body.chain]) throw web3Disabled(`${chainName} Web3 provider is disabled`);
  const message = readMessage(chain, body.message, body.signature);
  checkSignInMessage(deps.settings, chainName, message);

  const subject = `web3:${body.chain}:${message.address}`;
  const session = await signInWithExternalIdentity(deps, {
    provider: 'web3',
    method: 'web3',
    data: {
      subject,
      emails: [],
      identityData: {
        sub: subject,
        custom_claims: {
          address: message.address,
          chain: body.chain,
          network: message.chainId,
          domain: message.domain,
          // GoTrue records a missing statement as null for Ethereum and as "" for Solana.
          statement: message.statement ?? (body.chain === 'ethereum' ? null : ''),
        },
        email_verified: false,
        phone_verified: false,
      },
    },
    emailOptional: false,
    userAgent: userAgentOf(c),
    ipAddress: clientIp(c),
    redirectTo: redirectTarget(deps.settings, requestedRedirect(c), c.req.header('referer')),
  });
  return c.json(session);
};
