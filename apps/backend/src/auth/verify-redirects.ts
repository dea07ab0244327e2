// Where GET /verify sends the browser, in GoTrue's formats: tokens in the fragment (implicit flow), `?code=` (PKCE),
// or the error / message in the fragment (and, for PKCE, also in the query). Parameters are sorted by name.
import type { AuthError } from './errors.ts';
import type { SessionResponse } from './tokens.ts';

const OAUTH_ERROR: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

function encodeSorted(values: Record<string, string>): string {
  const params = new URLSearchParams(values);
  params.sort();
  return params.toString();
}

/** Replaces the URL's query and fragment; a URL that cannot be parsed is left as it is. */
function rewrite(target: string, change: (url: URL) => void): string {
  try {
    const url = new URL(target);
    change(url);
    return url.toString();
  } catch {
    return target;
  }
}

export function implicitRedirect(redirectTo: string, session: SessionResponse, type: string): string {
  return `${redirectTo}#${encodeSorted({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: session.token_type,
    type,
  })}`;
}

export function pkceRedirect(redirectTo: string, code: string): string {
  return rewrite(redirectTo, (url) => {
    url.searchParams.set('code', code);
    url.searchParams.sort();
  });
}

export function errorRedirect(redirectTo: string, error: AuthError, pkce: boolean): string {
  const oauthError = OAUTH_ERROR[error.status];
  const values = {
    ...(oauthError ? { error: oauthError } : {}),
    error_code: error.code,
    error_description: error.message,
  };
  return rewrite(redirectTo, (url) => {
    if (pkce) {
      for (const [key, value] of Object.entries(values)) url.searchParams.set(key, value);
      url.searchParams.sort();
    }
    url.hash = encodeSorted(values);
  });
}

export function messageRedirect(redirectTo: string, message: string, pkce: boolean): string {
  return rewrite(redirectTo, (url) => {
    if (pkce) {
      url.searchParams.set('message', message);
      url.searchParams.sort();
    }
    url.hash = encodeSorted({ message });
  });
}
