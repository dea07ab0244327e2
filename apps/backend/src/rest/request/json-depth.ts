// How deeply a JSON text nests. Postgres parses JSON recursively: a body nested thousands of levels deep exhausts
// its stack (and brings down the in-process PGlite), so such a body is refused before it reaches the database.
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../http/unstorable.ts';
import { invalidBody } from '../errors.ts';

export { MAX_JSON_DEPTH, nestsDeeperThan };

export function checkJsonDepth(text: string): void {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw invalidBody('Empty or invalid json', `The JSON nests more than ${MAX_JSON_DEPTH} levels deep`);
  }
}
