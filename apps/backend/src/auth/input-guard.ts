// Every auth request's input checked before any handler, as GoTrue refuses it: a query or body holding text
// Postgres cannot store (NUL, an unpaired surrogate) or JSON nested deeper than the database parses is answered
// 400 validation_failed, instead of failing in SQL (a 500) or in the sign-up hook's jsonb.
import type { Context, Next } from 'hono';
import { holdsUnstorableText, isUnstorableText, MAX_JSON_DEPTH, nestsDeeperThan } from '../http/unstorable.ts';
import { badRequest } from './errors.ts';

const WITHOUT_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);
const UNSTORABLE = 'Request contains characters that are not allowed (a NUL character or an unpaired surrogate)';

function checkQuery(url: string): void {
  const mark = url.indexOf('?');
  if (mark < 0) return;
  for (const [key, value] of new URLSearchParams(url.slice(mark + 1))) {
    if (isUnstorableText(key) || isUnstorableText(value)) throw badRequest(UNSTORABLE);
  }
}

function checkBody(body: string, contentType: string): void {
  if (contentType.includes('application/x-www-form-urlencoded')) return checkQuery(`?${body}`);
  if (body.includes('\u0000')) throw badRequest(UNSTORABLE);
  if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
    throw badRequest(`Request body nests more than ${MAX_JSON_DEPTH} levels deep`);
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return; // Not JSON: the handler answers bad_json in GoTrue's words.
  }
  if (holdsUnstorableText(value)) throw badRequest(UNSTORABLE);
}

export async function checkAuthInput(c: Context, next: Next): Promise<void> {
  checkQuery(c.req.url);
  // Hono keeps the text it read, so the handler reads the same body again.
  if (!WITHOUT_BODY.has(c.req.method)) checkBody(await c.req.text(), c.req.header('content-type') ?? '');
  await next();
}
