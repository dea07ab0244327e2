// The memory a backend process keeps once garbage is collected, read through its inspector (the process is started
// with `--inspect` on 127.0.0.1 and a system-chosen port). Resident memory sampled while it runs rises and falls by
// a third with each collection, and when the collector runs depends on how busy the machine is; what survives a full
// collection does not, so a leak is seen there and only there.
import WebSocket from 'ws';
import type { BackendProcess } from './backend-process.ts';
import { residentMb } from './mixed-load.ts';

export interface SettledMemory {
  /** Bytes of JavaScript objects still reachable after a full collection, in MB. */
  heapMb: number;
  /** Resident memory of the whole process (heap, buffers, the database engine when it runs in-process), in MB. */
  rssMb: number;
}

export interface MemoryProbe {
  settle(): Promise<SettledMemory>;
  close(): void;
}

/** A probe of a backend started with `inspect`. */
export async function openMemoryProbe(backend: BackendProcess): Promise<MemoryProbe> {
  if (!backend.inspectorUrl) throw new Error('the backend was not started with its inspector on');
  const socket = new WebSocket(backend.inspectorUrl);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let nextId = 0;
  const waiting = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as { id?: number; result?: unknown; error?: { message: string } };
    const call = message.id === undefined ? undefined : waiting.get(message.id);
    if (!call) return;
    waiting.delete(message.id!);
    if (message.error) call.reject(new Error(`the inspector refused: ${message.error.message}`));
    else call.resolve(message.result);
  });
  // A process that exits takes its inspector with it: whatever was asked fails rather than waits for ever.
  socket.on('close', () => {
    for (const call of waiting.values()) call.reject(new Error('the inspector closed'));
    waiting.clear();
  });
  const send = <T>(method: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      waiting.set(id, { resolve: (result) => resolve(result as T), reject });
      socket.send(JSON.stringify({ id, method }));
    });

  return {
    async settle() {
      // Twice: objects freed by the first collection's finalizers are only reclaimed by the next.
      await send('HeapProfiler.collectGarbage');
      await send('HeapProfiler.collectGarbage');
      const { usedSize } = await send<{ usedSize: number }>('Runtime.getHeapUsage');
      return { heapMb: usedSize / 1024 / 1024, rssMb: residentMb(backend.child.pid!) };
    },
    close: () => socket.close(),
  };
}
