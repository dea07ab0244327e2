// Sends an auth e-mail: the link to /verify (built only from the configured external URL and an allowed redirect,
// never from request headers) plus the one-time code, through the mailer, inside the caller's transaction; in the
// built-in wording or a template from config.toml.
import type { Queryable } from '../../db/types.ts';
import type { AuthDeps } from '../context.ts';
import { enforceEmailSendLimit } from '../rate-limit.ts';
import { fillTemplate, htmlToText } from './custom-templates.ts';
import { renderAuthEmail, type AuthEmailKind } from './templates.ts';

/** The `type` a link carries to /verify for each kind of e-mail. */
const VERIFY_TYPE: Record<Exclude<AuthEmailKind, 'reauthentication'>, string> = {
  confirmation: 'signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
};

export interface AuthEmail {
  kind: AuthEmailKind;
  to: string;
  otp: string;
  /** The stored token hash (with its PKCE prefix) the link verifies; absent for a code-only e-mail. */
  linkToken?: string;
  redirectTo: string;
  /** The account's current address, and for an e-mail change the new one. */
  email: string;
  newEmail?: string;
}

/** URL characters that keep their meaning inside a query value: not `&`, `=` or `#`, nor `+` (read as a space). */
const PLAIN_QUERY_VALUE = /^[\w.~:/?@!$'()*,;%[\]-]*$/;

/**
 * `redirect_to` as GoTrue writes it into a link: as it is, so that whoever reads the link sees the address asked
 * for, and escaped only when it holds a character that would end, split or change the query value.
 */
function redirectParam(redirectTo: string): string {
  return PLAIN_QUERY_VALUE.test(redirectTo) ? redirectTo : encodeURIComponent(redirectTo);
}

export function verifyLink(deps: AuthDeps, kind: AuthEmailKind, token: string, redirectTo: string): string {
  const type = VERIFY_TYPE[kind as keyof typeof VERIFY_TYPE];
  const query = `${new URLSearchParams({ token, type })}&redirect_to=${redirectParam(redirectTo)}`;
  return `${deps.settings.externalUrl}/verify?${query}`;
}

export async function sendAuthEmail(tx: Queryable, deps: AuthDeps, email: AuthEmail): Promise<void> {
  const link = email.linkToken ? verifyLink(deps, email.kind, email.linkToken, email.redirectTo) : undefined;
  const builtIn = renderAuthEmail(email.kind, {
    link,
    code: email.otp,
    siteUrl: deps.settings.siteUrl,
    email: email.email,
    newEmail: email.newEmail,
  });
  const custom = deps.settings.emailTemplates[email.kind];
  let content = builtIn;
  if (custom) {
    const variables = {
      ConfirmationURL: link ?? '',
      Token: email.otp,
      TokenHash: email.linkToken ?? '',
      SiteURL: deps.settings.siteUrl,
      Email: email.email,
      NewEmail: email.newEmail ?? '',
      RedirectTo: email.redirectTo,
    };
    const html = custom.html ? fillTemplate(custom.html, variables, true) : builtIn.html;
    content = {
      subject: custom.subject ? fillTemplate(custom.subject, variables, false) : builtIn.subject,
      html,
      text: custom.html ? htmlToText(html) : builtIn.text,
    };
  }
  await enforceEmailSendLimit(tx, deps);
  await deps.mailer.send({ to: email.to, kind: email.kind, ...content }, { db: tx });
}
