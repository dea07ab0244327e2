// The headers on either side of the relay: those the function sees of the caller's, and those the caller gets of the
// function's answer, each as an HTTP hop to Deno.serve showed them before the relay used frames.

/** Headers that describe one connection, not the message (RFC 9110 7.6.1), and are not relayed. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
]);

/** Whether a header describes one connection rather than the message, and so is not relayed. */
export const isHopByHop = (name: string): boolean => HOP_BY_HOP.has(name.toLowerCase());

/** Node's own methods that send a body of unknown length chunked; the others send none without a length. */
const CHUNKED_BY_DEFAULT = (method: string) =>
  !['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT'].includes(method);

/**
 * The caller's headers as the function sees them, as pairs. Functions were served over HTTP before, through a kept-alive
 * connection that sent a body of unknown length chunked, as Supabase's relay does: they keep seeing those headers.
 */
export function functionRequestHeaders(raw: string[], method: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  let hasLength = false;
  let cookie: [string, string] | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (HOP_BY_HOP.has(name)) continue;
    if (name === 'content-length') hasLength = true;
    // Cookies sent in several headers reach a function in one, as Deno's HTTP server joins them.
    if (name === 'cookie' && cookie) cookie[1] += `; ${raw[i + 1]}`;
    else {
      const pair: [string, string] = [name, raw[i + 1]];
      if (name === 'cookie') cookie = pair;
      pairs.push(pair);
    }
  }
  pairs.push(['connection', 'keep-alive']);
  if (!hasLength && CHUNKED_BY_DEFAULT(method)) pairs.push(['transfer-encoding', 'chunked']);
  return pairs;
}

let dateSecond = -1;
let dateText = '';
/** The Date header's value, made once a second, as HTTP servers do. */
function httpDate(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(now).toUTCString();
  }
  return dateText;
}

/**
 * The function's answer headers as Deno.serve wrote them: the function's own, then the body's length (the function's
 * own for a streaming body, the real one for a body given whole, none for a status without a body), then the date
 * (the function's own, or now).
 */
export function answerHeaders(status: number, headers: string[], length: number): string[] {
  const kept: string[] = [];
  let ownLength: string | undefined;
  let date: string | undefined;
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i].toLowerCase();
    if (name === 'content-length') ownLength = headers[i + 1];
    else if (name === 'date') date = headers[i + 1];
    else if (!HOP_BY_HOP.has(name)) kept.push(headers[i], headers[i + 1]);
  }
  const bodyless = status < 200 || status === 204 || status === 304;
  const contentLength = length >= 0 ? String(length) : ownLength;
  if (contentLength !== undefined && !bodyless) kept.push('content-length', contentLength);
  kept.push('date', date ?? httpDate());
  return kept;
}
