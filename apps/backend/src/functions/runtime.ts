// The functions runtime: one Deno process per function, started on its first request and reused while warm, replaced
// after its files change (hot reload), stopped after a while without requests, and all stopped with the backend.
import { mkdirSync, mkdtempSync, rmSync, watch, type FSWatcher } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Keys } from '../keys.ts';
import { findFunction, type FunctionDefinition } from './catalog.ts';
import { checkFunctions, type FunctionsReport } from './check.ts';
import { platformEnv, readSecrets } from './env.ts';
import { functionLog } from './logs.ts';
import { FunctionWorker } from './worker.ts';

export class FunctionsRuntime {
  private readonly workers = new Map<string, FunctionWorker>();
  /** Functions found while the folder is watched (a change of any file clears them); names not found are not kept. */
  private readonly definitions = new Map<string, FunctionDefinition>();
  private readonly draining = new Set<FunctionWorker>();
  private watcher?: FSWatcher;
  private watching = false;
  private socketDir?: string;
  private started = 0;
  private readonly reaper: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly config: Config,
    private readonly keys: Keys,
  ) {
    const { idleMs } = config.functions.limits;
    this.reaper = setInterval(() => this.stopIdle(), Math.min(idleMs, 30_000));
    this.reaper.unref();
  }

  /** The function called `name`, or undefined when there is none. */
  find(name: string): FunctionDefinition | undefined {
    this.watchForChanges();
    const known = this.definitions.get(name);
    if (known) return known;
    const definition = findFunction(this.config.functions, name);
    if (definition && this.watcher) this.definitions.set(name, definition);
    return definition;
  }

  /**
   * A process serving the function, started if there is none, counted busy with one more request until `release`;
   * resolves once it serves, and rejects with a BootError when it cannot start.
   */
  async acquire(definition: FunctionDefinition): Promise<FunctionWorker> {
    if (this.stopped) throw new Error('the functions runtime is stopped');
    let worker = this.workers.get(definition.name);
    if (!worker || !worker.alive) {
      const started = this.start(definition);
      this.workers.set(definition.name, started);
      void started.exited.then(() => {
        if (this.workers.get(definition.name) === started) this.workers.delete(definition.name);
        this.draining.delete(started);
      });
      worker = started;
    }
    worker.inFlight += 1;
    try {
      await worker.ready;
    } catch (error) {
      this.release(worker);
      throw error;
    }
    return worker;
  }

  /**
   * Marks a request to the worker done; a worker replaced meanwhile stops once its last request and its background
   * tasks are done.
   */
  release(worker: FunctionWorker): void {
    worker.inFlight -= 1;
    worker.lastUsed = Date.now();
    if (this.draining.has(worker) && this.mayStop(worker)) worker.stop('stopped');
  }

  /**
   * Whether a process may be stopped now: it serves no request, and its background tasks are done or have run for
   * longer than the wall-clock limit, which caps them as it caps them on Supabase.
   */
  private mayStop(worker: FunctionWorker): boolean {
    if (worker.inFlight > 0) return false;
    const since = worker.tasksPendingSince;
    return since === undefined || Date.now() - since > this.config.functions.limits.wallClockMs;
  }

  /** The last start-up check (see check.ts). */
  checked?: Promise<FunctionsReport>;

  /** Checks that every function's imports resolve, and records the result for `npm run status`. */
  check(): Promise<FunctionsReport> {
    this.checked = checkFunctions(this.config, this.denoEnv());
    return this.checked;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.reaper);
    this.watcher?.close();
    const all = [...this.workers.values(), ...this.draining];
    for (const worker of all) worker.stop('stopped');
    await Promise.all(all.map((worker) => worker.exited));
    if (this.socketDir) rmSync(this.socketDir, { recursive: true, force: true });
  }

  private start(definition: FunctionDefinition): FunctionWorker {
    this.socketDir ??= mkdtempSync(path.join(tmpdir(), 'functions-'));
    this.started += 1;
    const socketPath = path.join(this.socketDir, `${this.started}.sock`);
    const log = functionLog(definition.name);
    return new FunctionWorker({
      definition,
      socketPath,
      env: {
        ...readSecrets(this.config.functions.envFile, (message) => log('warn', message)),
        ...platformEnv(this.config, this.keys),
        ...this.denoEnv(),
        SUPABASE_INTERNAL_SOCKET: socketPath,
      },
      cwd: this.config.functions.projectRoot,
      limits: this.config.functions.limits,
      log,
    });
  }

  /** Deno's own settings: its cache of compiled modules lives with the backend's data. */
  private denoEnv(): Record<string, string> {
    const denoDir = path.join(this.config.dataDir, 'deno');
    mkdirSync(denoDir, { recursive: true });
    return { DENO_DIR: denoDir, NO_COLOR: '1' };
  }

  /** Hot reload: a changed file under a function's folder replaces that function's process; any other, all. */
  private watchForChanges(): void {
    if (this.watching || this.stopped) return;
    this.watching = true;
    try {
      this.watcher = watch(this.config.functions.dir, { recursive: true }, (_event, file) => {
        this.definitions.clear();
        // A file of one function's own folder concerns the functions run from that folder; shared code, .env or an
        // unknown change concern all.
        const folder = path.join(this.config.functions.dir, file ? String(file).split(path.sep)[0] : '');
        const own = findFunction(this.config.functions, path.basename(folder))?.dir === folder;
        for (const [name, worker] of this.workers) {
          if (!own || worker.definition.dir === folder) this.retire(name, worker);
        }
      });
      this.watcher.on('error', () => {
        this.watcher?.close();
        this.watcher = undefined;
        this.watching = false;
        this.definitions.clear();
      });
    } catch {
      // No functions folder (yet): definitions are then looked up on every request.
    }
  }

  private retire(name: string, worker: FunctionWorker): void {
    this.workers.delete(name);
    if (this.mayStop(worker)) return worker.stop('stopped');
    this.draining.add(worker);
    worker.onTasksDone = () => {
      if (this.mayStop(worker)) worker.stop('stopped');
    };
  }

  private stopIdle(): void {
    const limit = Date.now() - this.config.functions.limits.idleMs;
    // A process with background tasks pending keeps serving until they are done (or past the wall-clock limit).
    for (const [name, worker] of this.workers) {
      if (worker.lastUsed < limit && this.mayStop(worker)) this.retire(name, worker);
    }
    for (const worker of this.draining) if (worker.alive && this.mayStop(worker)) worker.stop('stopped');
  }
}
