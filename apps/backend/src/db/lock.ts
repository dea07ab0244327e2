// A lock file in the data folder: PGlite is single-process, so a second server on the same folder must be refused
// before it touches the files. A lock left by a process that no longer runs is taken over.
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

export class DataDirLockedError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireLock(file: string): () => void {
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) {
      throw new DataDirLockedError(
        `The data folder is in use by another process (pid ${pid}, lock file ${file}). ` +
          'Stop that process, or choose another DATA_DIR.',
      );
    }
    rmSync(file, { force: true });
  }
  const fd = openSync(file, 'wx');
  writeSync(fd, String(process.pid));
  closeSync(fd);
  return () => rmSync(file, { force: true });
}
