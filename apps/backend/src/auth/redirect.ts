// Where e-mail links and verification redirects may send a browser: the site URL, or an address matching one of
// additional_redirect_urls (glob patterns in which `*` stops at `.` and `/` and `**` does not, as in GoTrue).
import type { AuthSettings } from './settings.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Translates one allow-list pattern into an anchored regular expression. */
export function globToRegExp(pattern: string): RegExp {
  let source = '';
  let inAlternatives = 0;
  for (let i = 0; i < pattern.length; i += 1) {
    const character = pattern[i];
    if (character === '\\' && i + 1 < pattern.length) {
      source += escapeRegExp(pattern[++i]);
    } else if (character === '*') {
      const double = pattern[i + 1] === '*';
      if (double) i += 1;
      source += double ? '.*' : '[^./]*';
    } else if (character === '?') {
      source += '[^./]';
    } else if (character === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) {
        source += '\\[';
        continue;
      }
      const body = pattern.slice(i + 1, end).replace(/\\/g, '\\\\');
      source += body.startsWith('!') ? `[^${body.slice(1)}]` : `[${body}]`;
      i = end;
    } else if (character === '{') {
      inAlternatives += 1;
      source += '(?:';
    } else if (character === '}' && inAlternatives > 0) {
      inAlternatives -= 1;
      source += ')';
    } else if (character === ',' && inAlternatives > 0) {
      source += '|';
    } else {
      source += escapeRegExp(character);
    }
  }
  return new RegExp(`^${source}$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

export function isRedirectAllowed(settings: AuthSettings, redirectUrl: string | undefined): boolean {
  // Control characters and spaces are never part of a URL; browsers would strip them and land elsewhere.
  if (!redirectUrl || hasControlOrSpace(redirectUrl)) return false;
  const target = parse(redirectUrl);
  const site = parse(settings.siteUrl);
  if (!target || !site) return false;
  const sameSite =
    target.protocol === site.protocol &&
    target.hostname === site.hostname &&
    (target.port === site.port || LOOPBACK_HOSTS.has(target.hostname));
  if (sameSite) return true;
  const withoutFragment = redirectUrl.split('#')[0];
  return settings.redirectAllowList.some((pattern) => globToRegExp(pattern).test(withoutFragment));
}

/** The requested redirect when it is allowed, else the page the request came from when that is allowed, else the site. */
export function redirectTarget(settings: AuthSettings, requested: string | undefined, referer?: string): string {
  if (isRedirectAllowed(settings, requested)) return requested!;
  if (isRedirectAllowed(settings, referer)) return referer!;
  return settings.siteUrl;
}

function hasControlOrSpace(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return false;
}
