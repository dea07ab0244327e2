// Receiving sockets of the fan-out benchmark, on worker threads: with thousands of sockets in one event loop, parsing
// what they receive saturates the benchmark before the server. `ReceiverPool` (the main thread) splits the sockets
// over the threads; each thread (this module as a worker) opens and joins its share, counts broadcasts and, while
// measuring, records each one's send-to-receive latency from the send time in its payload.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { closeAll, joinAll, now, openMany } from './clients.ts';

interface Setup {
  url: string;
  count: number;
  topic?: string;
}

// The frames' markers: the event of a broadcast, and the send time the benchmark puts in each one's payload.
const BROADCAST = Buffer.from('"event":"broadcast"');
const SENT_AT = Buffer.from('"t":');

type Ask = { do: 'reset'; measuring: boolean } | { do: 'count' } | { do: 'report' } | { do: 'close' };
type Command = Ask & { id: number };

// A worker thread does not inherit the benchmark's TypeScript loader: it registers it, then loads this module.
const THREAD_START = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;

export class ReceiverPool {
  private nextId = 0;
  private readonly pending = new Map<number, (value: unknown) => void>();

  private constructor(private readonly workers: Worker[]) {
    for (const worker of workers) {
      worker.on('message', (message: { id: number; value: unknown }) => {
        this.pending.get(message.id)?.(message.value);
        this.pending.delete(message.id);
      });
    }
  }

  /** `total` sockets over `threads` threads, each joined to `topic` when given; resolves once all are ready. */
  static async start(url: string, total: number, threads: number, topic?: string): Promise<ReceiverPool> {
    const workers = Array.from({ length: threads }, (_, i) => {
      const count = Math.floor(total / threads) + (i < total % threads ? 1 : 0);
      return new Worker(THREAD_START, { eval: true, workerData: { url, count, topic } satisfies Setup });
    });
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            worker.once('message', () => resolve());
            worker.once('error', reject);
          }),
      ),
    );
    return new ReceiverPool(workers);
  }

  private ask<T>(command: Ask): Promise<T[]> {
    return Promise.all(
      this.workers.map((worker) => {
        const id = ++this.nextId;
        return new Promise<T>((resolve) => {
          this.pending.set(id, resolve as (value: unknown) => void);
          worker.postMessage({ ...command, id });
        });
      }),
    );
  }

  /** Forgets what was received; latencies are recorded from now on when `measuring`. */
  async reset(measuring: boolean): Promise<void> {
    await this.ask({ do: 'reset', measuring });
  }

  async received(): Promise<number> {
    return (await this.ask<number>({ do: 'count' })).reduce((sum, count) => sum + count, 0);
  }

  async latencies(): Promise<number[]> {
    return (await this.ask<number[]>({ do: 'report' })).flat();
  }

  async close(): Promise<void> {
    await this.ask({ do: 'close' });
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

async function receive(setup: Setup): Promise<void> {
  const port = parentPort!;
  const sockets = await openMany(setup.url, setup.count);
  if (setup.topic) await joinAll(sockets, () => setup.topic!);
  let received = 0;
  let measuring = false;
  let latencies: number[] = [];
  for (const ws of sockets) {
    ws.on('message', (data: Buffer) => {
      // Read without parsing the whole frame: the receivers share the machine with the server they measure.
      const at = data.indexOf(SENT_AT);
      if (at < 0 || data.indexOf(BROADCAST) < 0) return;
      received += 1;
      if (measuring) latencies.push(now() - Number.parseFloat(data.toString('latin1', at + SENT_AT.length, at + 40)));
    });
  }
  port.on('message', (command: Command) => {
    let value: unknown = null;
    if (command.do === 'reset') {
      received = 0;
      latencies = [];
      measuring = command.measuring;
    } else if (command.do === 'count') value = received;
    else if (command.do === 'report') value = latencies;
    else closeAll(sockets);
    port.postMessage({ id: command.id, value });
  });
  port.postMessage('ready');
}

if (!isMainThread && (workerData as Setup | undefined)?.url) await receive(workerData as Setup);
