// Sending a file's bytes into a response through buffers that are used again and again. A file read stream allocates
// a new buffer for every chunk, and V8 answers each 64 MB of such buffers with a full collection of the heap: in the
// backend, with all of its code and data to mark, those collections cost more than reading and writing the bytes
// (a 100 MB download spent about 90 ms of 250 in them). Here two buffers take turns, one read into while the other is
// written, and go back to a small pool for the next download once the response is done with them.
import type { FileHandle } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import type { ByteRange } from './store/types.ts';

const CHUNK_BYTES = 256 * 1024;
/** Buffers kept for later downloads; beyond this many (busy moments), they are left to the collector. */
const MAX_SPARE = 16;
const spare: Buffer[] = [];

const take = () => spare.pop() ?? Buffer.allocUnsafeSlow(CHUNK_BYTES);
const giveBack = (buffer: Buffer) => {
  if (spare.length < MAX_SPARE) spare.push(buffer);
};

interface Slot {
  buffer: Buffer;
  /** Settles once the response no longer needs the buffer: its last write is done, or failed. */
  released: Promise<void>;
}

/**
 * Writes bytes `range` of `file` into `target` and ends it; a failed read destroys `target`, and a target closed early
 * (the client went away) stops the reading. Closes `file` however it ends.
 */
export function sendFile(file: FileHandle, range: ByteRange, target: Writable): void {
  pump(file, range, target)
    .catch(() => target.destroy())
    .finally(() => file.close().catch(() => {}));
}

async function pump(file: FileHandle, { start, end }: ByteRange, target: Writable): Promise<void> {
  let open = !target.destroyed;
  const closed = new Promise<void>((resolve) =>
    target.once('close', () => {
      open = false;
      resolve();
    }),
  );
  const slots: Slot[] = [
    { buffer: take(), released: Promise.resolve() },
    { buffer: take(), released: Promise.resolve() },
  ];
  try {
    let position = start;
    for (let turn = 0; position <= end; turn ^= 1) {
      const slot = slots[turn];
      // A write whose callback never comes (the connection is gone) must not hold the reading up.
      await Promise.race([slot.released, closed]);
      if (!open) return;
      const { bytesRead } = await file.read(slot.buffer, 0, Math.min(CHUNK_BYTES, end - position + 1), position);
      if (bytesRead === 0) throw new Error('The file is shorter than its object says');
      if (!open) return;
      position += bytesRead;
      slot.released = new Promise((resolve) => target.write(slot.buffer.subarray(0, bytesRead), () => resolve()));
    }
    target.end();
  } finally {
    for (const slot of slots) void slot.released.then(() => giveBack(slot.buffer));
  }
}
