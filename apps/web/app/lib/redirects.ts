// Where navigation goes next: the sign-in redirect with the original path, and the same-origin check on redirectTo.
export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';

/**
 * Returns `target` when it is a path on this site, else the fallback. Only a single leading "/" qualifies:
 * "//host" and "/\host" are read by browsers as another origin, and anything with a scheme is another site.
 */
export function safeRedirectPath(target: unknown, fallback = HOME_PATH): string {
  if (typeof target !== 'string' || !target.startsWith('/')) return fallback;
  if (target.startsWith('//') || target.startsWith('/\\')) return fallback;
  // Control characters (tabs, new lines) are dropped by URL parsers and could turn "/\t/host" into "//host".
  if (hasControlCharacters(target)) return fallback;
  // A Location header holds ASCII only: characters beyond it ("/日本") are sent percent-encoded, as browsers do.
  const url = new URL(target, PLACEHOLDER_ORIGIN);
  return url.origin === PLACEHOLDER_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : fallback;
}

const PLACEHOLDER_ORIGIN = 'http://same-origin.invalid';

function hasControlCharacters(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code <= 0x1f || code === 0x7f) return true;
  }
  return false;
}

/** The sign-in page, remembering the full path and query the visitor asked for. */
export function loginPathFor(requestUrl: string | URL): string {
  const url = new URL(requestUrl);
  const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
  return `${LOGIN_PATH}?${params}`;
}

/** The redirectTo query of a URL, checked for being same-origin. */
export function redirectTargetOf(requestUrl: string | URL): string {
  return safeRedirectPath(new URL(requestUrl).searchParams.get('redirectTo'));
}
