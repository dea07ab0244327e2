// A lock file in the data folder: PGlite is single-process, so a second server on the same folder must be refused
// before it touches the files. The lock is created atomically (written aside, then linked in place). It records the
// holder's pid, the time the kernel started that process and a random token: a pid alone may since belong to an
// unrelated process (after a reboot or pid reuse), which must not keep the folder locked. A lock whose holder no
// longer runs is taken over under a second, short-lived takeover lock, so two processes finding it stale cannot
// both take it.
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

export class DataDirLockedError extends Error {}

interface Holder {
  pid: number;
  /** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot; undefined off Linux. */
  start?: string;
  token?: string;
}

/** When `pid` started, as the kernel tells (Linux); undefined when it cannot be read. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The holder a lock file names; a file of an older version holds the pid alone. */
function readHolder(file: string): Holder | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as Holder;
    if (Number.isInteger(parsed.pid)) return parsed;
  } catch {
    // Not JSON: the older form, a bare pid.
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? { pid } : { pid: 0 };
}

/** Whether the recorded holder still runs: the same pid, started at the same time when that was recorded. */
function holderAlive(holder: Holder): boolean {
  if (holder.pid <= 0 || !isRunning(holder.pid)) return false;
  if (holder.start === undefined) return true;
  const start = processStart(holder.pid);
  return start === undefined || start === holder.start;
}

/**
 * Creates `file` holding `content` only if it does not exist; false when it does. The content is written to a
 * file of its own first and then linked in place (link fails if the name exists): a reader never finds the lock
 * created but still empty, which would look like a stale lock.
 */
function createExclusive(file: string, content: string): boolean {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    writeFileSync(draft, content, { flag: 'wx' });
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new DataDirLockedError(`The data folder cannot be locked (${file}): ${(error as Error).message}`);
  } finally {
    rmSync(draft, { force: true });
  }
}

function lockedBy(holder: Holder, file: string): DataDirLockedError {
  return new DataDirLockedError(
    `The data folder is in use by another process (pid ${holder.pid}, lock file ${file}). ` +
      'Stop that process, or choose another DATA_DIR.',
  );
}

const ATTEMPTS = 50;

/** Waits a little, synchronously: the lock is taken before the server starts, with nothing else to do meanwhile. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function acquireLock(file: string): () => void {
  const me: Holder = { pid: process.pid, start: processStart(process.pid), token: randomBytes(16).toString('hex') };
  const content = JSON.stringify(me);
  const takeover = `${file}.takeover`;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (createExclusive(file, content)) return release(file, me.token!);
    const holder = readHolder(file);
    if (!holder) continue; // Released meanwhile: try again.
    if (holder.pid === process.pid && holder.token === undefined) {
      // This process's own lock in the older form (tests): taken over as before.
    } else if (holderAlive(holder)) {
      throw lockedBy(holder, file);
    }
    // Stale. Only the process holding the takeover lock may remove it; a takeover lock left by a process that died
    // during its few milliseconds is removed in turn.
    if (!createExclusive(takeover, content)) {
      const taker = readHolder(takeover);
      if (taker && !holderAlive(taker)) rmSync(takeover, { force: true });
      else pause(10);
      continue;
    }
    try {
      // Still the same stale lock (another process may have taken it over and released it meanwhile)?
      const now = readHolder(file);
      if (now && now.pid === holder.pid && now.token === holder.token && now.start === holder.start) {
        rmSync(file, { force: true });
      }
      if (createExclusive(file, content)) return release(file, me.token!);
    } finally {
      rmSync(takeover, { force: true });
    }
  }
  const holder = readHolder(file);
  throw holder ? lockedBy(holder, file) : new DataDirLockedError(`The data folder cannot be locked (${file}).`);
}

/** Removes the lock only while it is still this process's. */
function release(file: string, token: string): () => void {
  return () => {
    if (readHolder(file)?.token === token) rmSync(file, { force: true });
  };
}
