// Input the database cannot store or parse, found before any SQL runs: Postgres text has no NUL character, UTF-8
// has no unpaired surrogate (JSON can spell both: "\u0000", "\ud800"), and Postgres parses JSON recursively, so a
// value nested thousands of levels deep exhausts its stack (and hangs the in-process PGlite).

/** Far beyond any real document, well below what the database's parser survives. */
export const MAX_JSON_DEPTH = 1000;

const QUOTE = 34; // "
const BACKSLASH = 92; // \
const OPENERS = new Set([91, 123]); // [ {
const CLOSERS = new Set([93, 125]); // ] }

/** Whether `text` opens more than `limit` arrays or objects inside one another (outside strings). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (OPENERS.has(code)) {
      if (++depth > limit) return true;
    } else if (CLOSERS.has(code)) {
      depth--;
    }
  }
  return false;
}

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string holds a character Postgres text cannot: NUL, or half of a surrogate pair. */
export function isUnstorableText(text: string): boolean {
  return text.includes('\u0000') || UNPAIRED_SURROGATE.test(text);
}

/** Whether any string of a parsed JSON value (keys included) cannot be stored. Iterative: depth cannot hurt it. */
export function holdsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (isUnstorableText(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (isUnstorableText(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}
