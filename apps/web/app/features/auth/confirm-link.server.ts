// Completes an e-mailed link on the server: exchanges the PKCE code or verifies the token hash, setting the session.
import { isAuthPKCECodeVerifierMissingError } from '@supabase/supabase-js';
import { PASSWORD_SETTING_TYPES, type LinkResult } from './confirm-link';
import type { TypedSupabaseClient } from '../../types/supabase';

export type LinkOutcome =
  | { step: 'continue' }
  | { step: 'choose-password' }
  | { step: 'failed'; message: string }
  | { step: 'notice'; message: string }
  | { step: 'in-browser' };

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
      return PASSWORD_SETTING_TYPES.has(link.type) ? { step: 'choose-password' } : { step: 'continue' };
    }
    default:
      // Tokens and errors in the URL fragment never reach the server; the page reads them in the browser.
      return { step: 'in-browser' };
  }
}

function linkFailure(reason: string): string {
  return `${reason.replace(/\.$/, '')}. Request a new link below.`;
}
