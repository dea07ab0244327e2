// The function's side of the socket writes its frames in batches: one write per turn of the event loop.
import { joinBytes } from './frames.ts';

// Deno's setTimeout waits a millisecond or more even when asked for none; its setImmediate runs once pending I/O is
// handled. Kept from before the function runs, which might replace it.
const afterThisTurn = globalThis.setImmediate;

/** Collects frames and writes them together once the work of this turn of the event loop is done. */
export class FrameWriter {
  #conn;
  #beforeWrite;
  #queue = [];
  #scheduled = false;
  #writing = false;

  constructor(conn, beforeWrite) {
    this.#conn = conn;
    this.#beforeWrite = beforeWrite;
  }

  send(frame) {
    this.#queue.push(frame);
    this.schedule();
  }

  schedule() {
    if (this.#scheduled) return;
    this.#scheduled = true;
    afterThisTurn(() => this.#flush());
  }

  async #flush() {
    this.#scheduled = false;
    this.#beforeWrite();
    // A write under way takes what was queued meanwhile.
    if (this.#writing) return;
    this.#writing = true;
    try {
      while (this.#queue.length > 0) {
        const bytes = concat(this.#queue);
        this.#queue = [];
        for (let written = 0; written < bytes.length;) written += await this.#conn.write(bytes.subarray(written));
      }
    } catch {
      // The backend is gone: the read loop ends as well, and the process with it.
    } finally {
      this.#writing = false;
    }
  }
}

function concat(chunks) {
  if (chunks.length === 1) return chunks[0];
  let size = 0;
  for (const chunk of chunks) size += chunk.length;
  return joinBytes(chunks, size);
}
