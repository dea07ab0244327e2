// Reads what an e-mailed link brought to /confirm (a PKCE code, a token hash, tokens in the fragment, an error, or a
// message: the first of two e-mail change confirmations) and completes it: the server with the query, the browser
// with the fragment, which only the browser sees.
import { isAuthPKCECodeVerifierMissingError, type EmailOtpType } from '@supabase/supabase-js';
import type { TypedSupabaseClient } from '../../types/supabase';

export type LinkResult =
  | { kind: 'code'; code: string; flowId: string | undefined }
  | { kind: 'token-hash'; tokenHash: string; type: EmailOtpType }
  | { kind: 'tokens'; accessToken: string; refreshToken: string; type: string | null }
  | { kind: 'error'; message: string }
  | { kind: 'message'; message: string }
  | { kind: 'none' };

const OTP_TYPES = new Set<EmailOtpType>(['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email']);

/** Link types that end on the "Choose a password" form. */
export const PASSWORD_SETTING_TYPES = new Set(['recovery', 'invite']);

export const EXPIRED_LINK_MESSAGE = 'This link is invalid or has expired. Request a new one below.';

function errorMessage(params: URLSearchParams): string | null {
  const code = params.get('error_code');
  const error = params.get('error');
  if (!code && !error) return null;
  if (code === 'otp_expired') return EXPIRED_LINK_MESSAGE;
  const description = params.get('error_description')?.replace(/\+/g, ' ').trim();
  return description ? `${description}.`.replace(/\.\.$/, '.') : EXPIRED_LINK_MESSAGE;
}

/** `query` is the URL's search part; `fragment` its hash, which only the browser sees. */
export function readLinkResult(query: URLSearchParams, fragment = ''): LinkResult {
  const hash = new URLSearchParams(fragment.replace(/^#/, ''));
  const message = errorMessage(query) ?? errorMessage(hash);
  if (message) return { kind: 'error', message };

  const code = query.get('code');
  if (code) return { kind: 'code', code, flowId: query.get('sb_flow_id') ?? undefined };

  const tokenHash = query.get('token_hash');
  const type = query.get('type') as EmailOtpType | null;
  if (tokenHash && type && OTP_TYPES.has(type)) return { kind: 'token-hash', tokenHash, type };

  const accessToken = hash.get('access_token');
  const refreshToken = hash.get('refresh_token');
  if (accessToken && refreshToken) return { kind: 'tokens', accessToken, refreshToken, type: hash.get('type') };

  // With double confirmation of an e-mail change, the first link opened only says the other one is still due.
  const notice = query.get('message') ?? hash.get('message');
  if (notice) return { kind: 'message', message: notice };

  return { kind: 'none' };
}

export type LinkOutcome =
  | { step: 'continue' }
  /** `invited`: the person is joining by invitation, and is asked for their name too. */
  | { step: 'choose-password'; invited?: boolean }
  | { step: 'failed'; message: string }
  | { step: 'notice'; message: string }
  | { step: 'in-browser' }
  | { step: 'nothing' };

const OTHER_BROWSER_MESSAGE =
  'This link has to be opened in the browser where it was requested. Request a new one below.';

export async function completeLink(supabase: TypedSupabaseClient, link: LinkResult): Promise<LinkOutcome> {
  switch (link.kind) {
    case 'error':
      return { step: 'failed', message: link.message };
    case 'message':
      return { step: 'notice', message: link.message };
    case 'code': {
      const { data, error } = await supabase.auth.exchangeCodeForSession(
        link.code,
        link.flowId ? { flowId: link.flowId } : undefined,
      );
      if (isAuthPKCECodeVerifierMissingError(error)) return { step: 'failed', message: OTHER_BROWSER_MESSAGE };
      if (error) return { step: 'failed', message: linkFailure(error.message) };
      // supabase-js reports the kind of flow it started (recovery) beside the session; its type omits the field.
      const { redirectType } = data as { redirectType?: string | null };
      return redirectType === 'recovery' ? { step: 'choose-password' } : { step: 'continue' };
    }
    case 'token-hash': {
      const { error } = await supabase.auth.verifyOtp({ token_hash: link.tokenHash, type: link.type });
      if (error) return { step: 'failed', message: linkFailure(error.message) };
      return PASSWORD_SETTING_TYPES.has(link.type) ? choosePassword(link.type) : { step: 'continue' };
    }
    case 'tokens': {
      const { error } = await supabase.auth.setSession({
        access_token: link.accessToken,
        refresh_token: link.refreshToken,
      });
      if (error) return { step: 'failed', message: error.message };
      return link.type && PASSWORD_SETTING_TYPES.has(link.type) ? choosePassword(link.type) : { step: 'continue' };
    }
    case 'none':
      // Tokens and errors in the URL fragment never reach the server; the page reads them in the browser.
      return typeof window === 'undefined' ? { step: 'in-browser' } : { step: 'nothing' };
  }
}

function choosePassword(type: string): LinkOutcome {
  return type === 'invite' ? { step: 'choose-password', invited: true } : { step: 'choose-password' };
}

function linkFailure(reason: string): string {
  return `${reason.replace(/\.$/, '')}. Request a new link below.`;
}
