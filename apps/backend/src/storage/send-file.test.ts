import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { sendFile } from './send-file.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'send-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// More than four of the 256 KiB buffers, and not a whole number of them.
const bytes = randomBytes(1024 * 1024 + 12_345);
const file = path.join(dir, 'object');
writeFileSync(file, bytes);

/** A response that takes `delayMs` to write each chunk, keeping what it wrote; done when ended or closed. */
function slowTarget(delayMs: number, stopAfterChunks = Infinity) {
  const received: Buffer[] = [];
  let writes = 0;
  const target = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, done) {
      // Copied only when the write is over: a buffer used again before then would show here as wrong bytes.
      setTimeout(() => {
        received.push(Buffer.from(chunk));
        if (++writes >= stopAfterChunks) target.destroy();
        done();
      }, delayMs);
    },
  });
  const settled = new Promise<void>((resolve) => target.once('close', resolve));
  return { target, received, settled };
}

describe('sendFile', () => {
  it('sends the whole file, each buffer used again only once its bytes were written', async () => {
    const { target, received, settled } = slowTarget(5);
    sendFile(await open(file), { start: 0, end: bytes.length - 1 }, target);
    await settled;
    expect(Buffer.concat(received).equals(bytes)).toBe(true);
  });

  it('sends a range that starts and ends inside buffers', async () => {
    const { target, received, settled } = slowTarget(1);
    const range = { start: 200_000, end: 900_000 };
    sendFile(await open(file), range, target);
    await settled;
    expect(Buffer.concat(received).equals(bytes.subarray(range.start, range.end + 1))).toBe(true);
  });

  it('ends an empty range at once', async () => {
    const { target, received, settled } = slowTarget(1);
    sendFile(await open(file), { start: 0, end: -1 }, target);
    await settled;
    expect(received).toEqual([]);
  });

  it('stops reading and closes the file when the response closes early', async () => {
    const { target, received, settled } = slowTarget(5, 2);
    const handle = await open(file);
    sendFile(handle, { start: 0, end: bytes.length - 1 }, target);
    await settled;
    // A closed FileHandle's descriptor reads -1.
    for (let tries = 0; handle.fd !== -1 && tries < 100; tries++) await new Promise((r) => setTimeout(r, 10));
    expect(handle.fd).toBe(-1);
    expect(received.length).toBe(2);
  });

  it('ends the response with an error when the file is shorter than the range', async () => {
    const { target, received, settled } = slowTarget(1);
    sendFile(await open(file), { start: 0, end: bytes.length + 1000 }, target);
    await settled;
    expect(target.writableFinished).toBe(false);
    expect(target.destroyed).toBe(true);
    const arrived = Buffer.concat(received);
    expect(arrived.equals(bytes.subarray(0, arrived.length))).toBe(true);
  });
});
