// Calling an auth hook implemented as a Postgres function, with GoTrue's contract: the function receives the event
// as jsonb in a transaction of its own, and answers with jsonb; `{"error": {"http_code", "message"}}` rejects.
import type { Db, Queryable } from '../../db/types.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import type { HookFunctionSettings } from '../settings.ts';

/** GoTrue's limit for a Postgres hook, enforced by the database as the statement timeout of the hook's call. */
const HOOK_TIMEOUT_MS = 2000;

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The rejection the function answered with, read as GoTrue reads it: an `error` object with a non-empty message.
 * Go decodes that object whole or not at all, so a field of the wrong type means no rejection.
 */
function rejectionOf(output: unknown): AuthError | undefined {
  if (!isObject(output) || !isObject(output.error)) return undefined;
  const { http_code: code, message } = output.error;
  if (code !== undefined && code !== null && !Number.isInteger(code)) return undefined;
  if (message !== undefined && message !== null && typeof message !== 'string') return undefined;
  if (!message) return undefined;
  // GoTrue answers with http_code as given (0 meaning 500); a code outside 400-599 would tell the client the request
  // succeeded or was redirected, so it is answered as 500 here. Without an error code of its own, GoTrue's error
  // code is "unexpected_failure" for 500 and "unknown" otherwise.
  const status = typeof code === 'number' && code >= 400 && code <= 599 ? code : 500;
  return new AuthError(status, status === 500 ? 'unexpected_failure' : 'unknown', message);
}

/** Whether Go could decode `output` into the hook's output struct, whose fields are all strings. */
function fitsOutput(output: unknown, stringFields: string[]): boolean {
  if (output === null) return true;
  if (!isObject(output)) return false;
  return stringFields.every((field) => output[field] == null || typeof output[field] === 'string');
}

/**
 * Where a hook function runs: inside the caller's transaction, or on the database when the caller holds none (in a
 * transaction of the hook's own).
 */
export type HookConnection = { db: Db } | { tx: Queryable };

/** The hook's connection for `q`: the database itself, or a transaction under way on it. */
export function hookConnection(q: Queryable): HookConnection {
  return 'transaction' in q ? { db: q as Db } : { tx: q };
}

/** The hook's call as GoTrue makes it, held to GoTrue's time limit; the answer as text, or null for SQL NULL. */
async function callFunction(tx: Queryable, hook: HookFunctionSettings, event: JsonObject): Promise<string | null> {
  await tx.query(`select set_config('statement_timeout', $1, true)`, [String(HOOK_TIMEOUT_MS)]);
  // Schema and name passed the configuration's identifier rule; quoting keeps their case, as GoTrue does.
  const { rows } = await tx.query<{ response: string | null }>(
    `select "${hook.schema}"."${hook.name}"($1::jsonb)::text as response`,
    [event],
  );
  return rows[0]?.response ?? null;
}

/**
 * Runs the hook function with `event`, in a transaction of its own on `db`, or inside the caller's transaction `tx`
 * (where its time limit is then put back as it was). Resolves to its decoded answer (null for SQL NULL); throws the
 * function's rejection, or a 500 naming the hook when the function fails (an exception, the timeout, a missing
 * function) or answers with something that is not JSON.
 */
export async function callHookFunction(
  on: HookConnection,
  hook: HookFunctionSettings,
  event: JsonObject,
): Promise<unknown> {
  let text: string | null;
  try {
    if ('db' in on) {
      text = await on.db.transaction((tx) => callFunction(tx, hook, event));
    } else {
      const { rows } = await on.tx.query<{ timeout: string }>(`select current_setting('statement_timeout') as timeout`);
      text = await callFunction(on.tx, hook, event);
      await on.tx.query(`select set_config('statement_timeout', $1, true)`, [rows[0].timeout]);
    }
  } catch (error) {
    throw AuthErrors.internal(`Error running hook URI: ${hook.uri}`, error);
  }
  // SQL NULL: nothing to decode.
  if (text === null) return null;
  let output: unknown;
  try {
    output = JSON.parse(text);
  } catch (error) {
    throw AuthErrors.internal('Error unmarshaling JSON output.', error);
  }
  const rejection = rejectionOf(output);
  if (rejection) throw rejection;
  return output;
}

/**
 * Runs a hook whose answer is a decision: resolves when the function lets the request proceed (SQL NULL included),
 * throws its rejection, or a 500 when it fails or answers with something that is not the hook's output.
 */
export async function invokeHookFunction(
  db: Db,
  hook: HookFunctionSettings,
  event: JsonObject,
  outputStringFields: string[],
): Promise<void> {
  const output = await callHookFunction({ db }, hook, event);
  if (!fitsOutput(output, outputStringFields)) throw AuthErrors.internal('Error unmarshaling JSON output.');
}
