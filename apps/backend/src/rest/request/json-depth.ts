// How deeply a JSON text nests. Postgres parses JSON recursively: a body nested thousands of levels deep exhausts
// its stack (and brings down the in-process PGlite), so such a body is refused before it reaches the database.
import { invalidBody } from '../errors.ts';

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

export function checkJsonDepth(text: string): void {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw invalidBody('Empty or invalid json', `The JSON nests more than ${MAX_JSON_DEPTH} levels deep`);
  }
}
