// Whether the database answers now: for health and readiness answers, which must not wait on a server that is away.
import type { Db } from './types.ts';
import { asUnavailable, DbUnavailableError } from './unavailable.ts';

const PING_TIMEOUT_MS = 2000;

/** Resolves when `select 1` answers within the timeout; otherwise rejects with DbUnavailableError. */
export async function assertReachable(db: Db, timeoutMs = PING_TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DbUnavailableError('no answer to select 1')), timeoutMs);
  });
  try {
    await Promise.race([db.query('select 1'), timeout]);
  } catch (error) {
    throw asUnavailable(error);
  } finally {
    clearTimeout(timer);
  }
}
