// The frames between the backend and a function's process: whatever pieces the bytes arrive in, the same frames come
// out, in order, with their exchange ids and payloads intact.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeFrame,
  encodeJsonFrame,
  encodeNumberFrame,
  encodeWholeFrame,
  FRAME,
  FrameDecoder,
  HEADER_BYTES,
  jsonPayload,
  numberPayload,
  wholePayload,
} from './deno/frames.ts';

interface Decoded {
  kind: number;
  id: number;
  payload: Uint8Array;
}

/** Feeds `bytes` to a decoder in pieces of the given sizes; the payloads are copied, as a reader that keeps one must. */
function decode(bytes: Uint8Array, sizes: number[] = [bytes.length]): Decoded[] {
  const frames: Decoded[] = [];
  const decoder = new FrameDecoder((kind, id, payload) => frames.push({ kind, id, payload: payload.slice() }));
  let offset = 0;
  for (let i = 0; offset < bytes.length; i += 1) {
    const size = Math.max(1, sizes[i % sizes.length]);
    // A new buffer for every piece, as a socket hands them over.
    decoder.push(bytes.slice(offset, offset + size));
    offset += size;
  }
  return frames;
}

const concat = (frames: Uint8Array[]) => new Uint8Array(Buffer.concat(frames));

describe('FrameDecoder', () => {
  it('cuts several frames out of one piece', () => {
    const bytes = concat([
      encodeJsonFrame(FRAME.request, 1, ['GET', 'http://h/x', [], false, 'r', null]),
      encodeFrame(FRAME.requestEnd, 1),
      encodeFrame(FRAME.requestBody, 2, new Uint8Array([1, 2, 3])),
    ]);
    const frames = decode(bytes);
    expect(frames.map(({ kind, id }) => [kind, id])).toEqual([
      [FRAME.request, 1],
      [FRAME.requestEnd, 1],
      [FRAME.requestBody, 2],
    ]);
    expect(jsonPayload(frames[0].payload)).toEqual(['GET', 'http://h/x', [], false, 'r', null]);
    expect(frames[1].payload.length).toBe(0);
    expect([...frames[2].payload]).toEqual([1, 2, 3]);
  });

  it('puts together a frame that arrives a byte at a time, its header split too', () => {
    const body = Uint8Array.from({ length: 300 }, (_, i) => i % 251);
    const frames = decode(encodeFrame(FRAME.responseBody, 7, body), [1]);
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ kind: FRAME.responseBody, id: 7 });
    expect(frames[0].payload).toEqual(body);
  });

  it('keeps a large body whole across many pieces', () => {
    const body = Uint8Array.from({ length: 3 * 1024 * 1024 + 5 }, (_, i) => (i * 7) % 256);
    const frames = decode(
      concat([encodeFrame(FRAME.requestBody, 1, body), encodeFrame(FRAME.requestEnd, 1)]),
      [65_536, 1000, 3],
    );
    expect(frames.map((frame) => frame.kind)).toEqual([FRAME.requestBody, FRAME.requestEnd]);
    expect(Buffer.compare(frames[0].payload, body)).toBe(0);
  });

  it('gives the same frames whatever the pieces (any frames, any cuts)', () => {
    const frame = fc.record({
      kind: fc.constantFrom(...Object.values(FRAME)),
      id: fc.integer({ min: 0, max: 0xffffffff }),
      payload: fc.uint8Array({ maxLength: 200 }),
    });
    fc.assert(
      fc.property(
        fc.array(frame, { maxLength: 20 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1 }),
        (sent, cuts) => {
          const bytes = concat(sent.map(({ kind, id, payload }) => encodeFrame(kind, id, payload)));
          expect(decode(bytes, cuts)).toEqual(sent);
        },
      ),
    );
  });

  it('refuses a header that announces more than a frame can hold', () => {
    const bogus = new Uint8Array(HEADER_BYTES).fill(0xff);
    expect(() => decode(bogus)).toThrow(/not one of this protocol/);
  });
});

describe('payloads', () => {
  it('carries JSON in UTF-8, whatever its characters', () => {
    const head = [200, ['x-name', 'Zoë 😀', 'content-type', 'text/plain'], 12];
    const [frame] = decode(encodeJsonFrame(FRAME.head, 3, head));
    expect(jsonPayload(frame.payload)).toEqual(head);
  });

  it('carries a whole answer: its head, then its body', () => {
    const body = new TextEncoder().encode('{"message":"Hello"}');
    const [frame] = decode(encodeWholeFrame(9, [200, ['content-type', 'application/json'], body.length], body));
    expect(frame).toMatchObject({ kind: FRAME.whole, id: 9 });
    const { head, body: received } = wholePayload(frame.payload);
    expect(head).toEqual([200, ['content-type', 'application/json'], body.length]);
    expect(received).toEqual(body);
  });

  it('carries a count of bytes', () => {
    const [frame] = decode(encodeNumberFrame(FRAME.requestCredit, 4, 262_144));
    expect(numberPayload(frame.payload)).toBe(262_144);
  });
});
