// One function's Deno process: started with that function's permissions and limits, ready once the function serves on
// its channel (see channel.ts), stopped when its heartbeat stops while it uses more than the CPU-time limit or when its
// memory passes the limit, and able to say why it ended, so the requests it was serving get Supabase's answer for that
// reason.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { FunctionDefinition } from './catalog.ts';
import { FunctionChannel } from './channel.ts';
import type { FunctionsLimits } from './config.ts';
import { BOOTSTRAP, denoExecutable } from './deno.ts';
import { upgradeSocketPath } from './deno/sockets.ts';
import type { FunctionLog, LogLevel } from './logs.ts';

/** Why a process ended: a limit, an error of the function, a failed start, or the runtime stopping it. */
export type ExitReason = 'cpu' | 'memory' | 'crash' | 'boot' | 'stopped';

export interface WorkerSpec {
  definition: FunctionDefinition;
  socketPath: string;
  /** The whole environment of the process. */
  env: Record<string, string>;
  /** Where `npm:` imports are resolved from (the folder of the project's package.json). */
  cwd: string;
  limits: FunctionsLimits;
  log: FunctionLog;
}

export class BootError extends Error {}

const MARK = '\x1e';
const MIB = 1024 * 1024;
// Deno's advice to use `deno serve` for a module that exports `{ fetch }`: this runtime serves such modules itself.
const SERVE_HINT = /Detected export default \{ fetch \}/;

/** The command line of a function's process: read access to its own folder only, its heap limited. */
export function denoArguments(definition: FunctionDefinition, socketPath: string, limits: FunctionsLimits): string[] {
  const upgrades = upgradeSocketPath(socketPath);
  const readable = [definition.dir, socketPath, upgrades, ...definition.staticFiles];
  return [
    'run',
    '--no-prompt',
    '--no-lock',
    '--no-remote',
    '--node-modules-dir=manual',
    // request.signal aborts when the caller goes away, and not after every answer.
    '--unstable-no-legacy-abort',
    '--allow-net',
    '--allow-env',
    `--allow-read=${readable.join(',')}`,
    `--allow-write=${socketPath},${upgrades}`,
    `--v8-flags=--max-old-space-size=${limits.memoryMb}`,
    ...(definition.importMap ? [`--import-map=${definition.importMap}`] : []),
    '--preload',
    BOOTSTRAP,
    definition.entrypoint,
  ];
}

/**
 * The CPU time a process has used so far, in milliseconds, from /proc; undefined where there is no /proc (or no
 * process any more).
 */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's name (in parentheses, and it may hold either): utime and stime are the 12th and
    // 13th, in the kernel's clock ticks for user space, a hundredth of a second.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

export class FunctionWorker {
  readonly ready: Promise<void>;
  readonly exited: Promise<ExitReason>;
  readonly socketPath: string;
  inFlight = 0;
  lastUsed = Date.now();
  /** Since when the function has had background tasks pending (`EdgeRuntime.waitUntil`); undefined when none. */
  tasksPendingSince: number | undefined;
  /** Called when the function's last pending background task settles. */
  onTasksDone?: () => void;
  private readonly child: ChildProcess;
  private connection?: FunctionChannel;
  private reason?: ExitReason;
  private isReady = false;
  private lastBeat = 0;
  /** The process's CPU time at its last heartbeat (see processCpuMs). */
  private cpuAtBeat: number | undefined;
  private lastRss = 0;
  private readonly stderrTail: string[] = [];
  private outOfMemory = false;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(private readonly spec: WorkerSpec) {
    this.socketPath = spec.socketPath;
    const { definition, limits } = spec;
    // Listening before the process starts: its bootstrap connects first thing.
    const listening = FunctionChannel.listen(spec.socketPath);
    this.child = spawn(denoExecutable(), denoArguments(definition, spec.socketPath, limits), {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let markReady!: () => void;
    let failBoot!: (error: Error) => void;
    const serving = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failBoot = reject;
    });
    this.ready = Promise.all([serving, listening.channel]).then(([, channel]) => {
      this.connection = channel;
    });
    this.ready.catch(() => {});
    createInterface({ input: this.child.stdout! }).on('line', (line) => this.onStdout(line, markReady));
    createInterface({ input: this.child.stderr! }).on('line', (line) => this.onStderr(line));
    this.exited = new Promise((resolve) => {
      this.child.once('error', (error) => this.spec.log('error', `cannot start Deno: ${error.message}`));
      this.child.once('close', (code, signal) => {
        for (const timer of this.timers) clearInterval(timer);
        const reason = this.reason ?? this.reasonFromOutput(signal);
        if (reason === 'crash')
          this.spec.log('error', `the function's process ended (${signal ?? `exit code ${code}`})`);
        if (!this.isReady) failBoot(new BootError(this.stderrTail.join('\n') || `process ended (${reason})`));
        listening.abandon();
        this.connection?.close();
        rmSync(this.socketPath, { force: true });
        rmSync(upgradeSocketPath(this.socketPath), { force: true });
        resolve(reason);
      });
    });
    this.timers.push(
      setTimeout(() => this.isReady || this.stop('boot', 'did not start serving in time'), limits.wallClockMs),
      setInterval(() => this.checkHeartbeat(), Math.min(100, limits.cpuTimeMs / 2)),
    );
    for (const timer of this.timers) timer.unref();
  }

  /** The connection requests go over; there once `ready` resolves. */
  get channel(): FunctionChannel {
    if (!this.connection) throw new Error('the function process is not ready');
    return this.connection;
  }

  get definition(): FunctionDefinition {
    return this.spec.definition;
  }

  get alive(): boolean {
    return this.reason === undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Ends the process; a reason already recorded (a limit) is kept. */
  stop(reason: ExitReason, message?: string): void {
    if (this.reason === undefined) {
      this.reason = reason;
      if (message) this.spec.log('error', message);
    }
    this.child.kill(reason === 'stopped' ? 'SIGTERM' : 'SIGKILL');
  }

  private onStdout(line: string, markReady: () => void): void {
    if (!line.startsWith(MARK)) return this.spec.log('log', line);
    let message: { t: string; rss?: number; level?: LogLevel; rid?: string; msg?: string; pending?: boolean };
    try {
      message = JSON.parse(line.slice(1));
    } catch {
      return this.spec.log('log', line.slice(1));
    }
    if (message.t === 'beat') {
      this.lastBeat = Date.now();
      this.cpuAtBeat = processCpuMs(this.child.pid);
      this.lastRss = message.rss ?? 0;
      if (this.lastRss > 2 * this.spec.limits.memoryMb * MIB) this.stop('memory', 'Memory limit exceeded');
    } else if (message.t === 'log') {
      this.spec.log(message.level ?? 'log', message.msg ?? '', message.rid);
    } else if (message.t === 'ready') {
      this.isReady = true;
      this.lastBeat = Date.now();
      this.cpuAtBeat = processCpuMs(this.child.pid);
      markReady();
    } else if (message.t === 'tasks') {
      this.tasksPendingSince = message.pending ? Date.now() : undefined;
      if (!message.pending) this.onTasksDone?.();
    } else if (message.t === 'noserve') {
      this.stop('boot', 'the function neither calls Deno.serve nor exports { fetch }');
    }
  }

  private onStderr(line: string): void {
    if (SERVE_HINT.test(line)) return;
    // V8's last words when the heap limit is reached, followed by a long stack trace.
    if (/out of memory/i.test(line)) this.outOfMemory = true;
    this.stderrTail.push(line);
    if (this.stderrTail.length > 20) this.stderrTail.shift();
    this.spec.log('error', line);
  }

  private checkHeartbeat(): void {
    const { cpuTimeMs, wallClockMs, memoryMb } = this.spec.limits;
    const late = Date.now() - this.lastBeat;
    if (!this.isReady || !this.alive || late <= cpuTimeMs) return;
    // A late heartbeat is the function's doing only if its process used the CPU meanwhile: a machine that stalls (two
    // busy cores, a paused virtual machine), or the backend's own thread held up, delays it as well, with no CPU used.
    // Without /proc, lateness alone decides. An event loop held past the wall-clock limit goes, CPU or not.
    const cpuNow = processCpuMs(this.child.pid);
    const used = cpuNow === undefined || this.cpuAtBeat === undefined ? late : cpuNow - this.cpuAtBeat;
    if (used <= cpuTimeMs && late <= wallClockMs) return;
    // An event loop held while the process is past its heap's size is the garbage collector fighting for memory.
    if (this.lastRss > memoryMb * MIB) this.stop('memory', 'Memory limit exceeded');
    else if (used > cpuTimeMs) this.stop('cpu', 'CPU time exceeded');
    else this.stop('cpu', 'Wall clock time exceeded with the event loop held');
  }

  private reasonFromOutput(signal: NodeJS.Signals | null): ExitReason {
    if (this.outOfMemory) {
      this.spec.log('error', 'Memory limit exceeded');
      return 'memory';
    }
    if (!this.isReady) return 'boot';
    return signal === 'SIGTERM' ? 'stopped' : 'crash';
  }
}
