// The frames the backend and a function's process exchange over the function's socket, written by both ends (this
// module runs in Node and in Deno). Each request is an exchange with its own id; the exchanges of concurrent requests
// interleave on the one socket. A frame is a 9-byte header (payload length: u32, kind: u8, exchange id: u32, all big
// endian) and its payload.

export const FRAME = {
  // Backend to function.
  /** JSON `[method, url, headers as [name, value] pairs, has a body, request id, client address or null]`. */
  request: 1,
  requestBody: 2,
  requestEnd: 3,
  /** The caller went away, or the backend gave up on the answer: the function stops work on it. */
  cancel: 4,
  /** u32: bytes of the answer's body passed on to the caller, which the function may send again. */
  responseCredit: 5,
  // Function to backend.
  /** JSON `[status, headers as a flat name, value list, body length or -1 when the body streams]`. */
  head: 16,
  responseBody: 17,
  responseEnd: 18,
  /** UTF-8 reason: `handler` (it threw before answering) or `stream` (its body failed half-way). */
  failed: 19,
  /** u32: bytes of the request's body the function has read, which the backend may send again. */
  requestCredit: 20,
  /** A whole answer in one frame: u32 length of the head, the head as in `head`, then the body. */
  whole: 21,
} as const;

export const HEADER_BYTES = 9;
/** Larger bodies are sent as several frames, so that one exchange never holds up the others for long. */
export const MAX_BODY_FRAME = 64 * 1024;
/**
 * Bytes of a body one side may send before the other says it has passed them on: a reader slower than its writer
 * holds the writer back (as TCP would), instead of the bytes piling up in memory.
 */
export const WINDOW = 256 * 1024;
/** A header announcing more than this is not a frame of this protocol: the connection is broken. */
const MAX_PAYLOAD = 16 * 1024 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const EMPTY = new Uint8Array(0);

function header(frame: Uint8Array, kind: number, id: number, length: number): void {
  const view = new DataView(frame.buffer, frame.byteOffset, HEADER_BYTES);
  view.setUint32(0, length);
  view.setUint8(4, kind);
  view.setUint32(5, id);
}

export function encodeFrame(kind: number, id: number, payload: Uint8Array = EMPTY): Uint8Array {
  const frame = new Uint8Array(HEADER_BYTES + payload.length);
  header(frame, kind, id, payload.length);
  frame.set(payload, HEADER_BYTES);
  return frame;
}

let scratch = new Uint8Array(4096);

/** A frame whose payload is `value` as JSON, encoded in a buffer kept for it and copied out at its exact size. */
export function encodeJsonFrame(kind: number, id: number, value: unknown): Uint8Array {
  const json = JSON.stringify(value);
  // UTF-8 takes at most three bytes for each UTF-16 code unit.
  if (scratch.length < HEADER_BYTES + json.length * 3) scratch = new Uint8Array(HEADER_BYTES + json.length * 3);
  const { written } = encoder.encodeInto(json, scratch.subarray(HEADER_BYTES));
  header(scratch, kind, id, written);
  return scratch.slice(0, HEADER_BYTES + written);
}

/** A whole answer: its head and body in one frame (see FRAME.whole). */
export function encodeWholeFrame(id: number, head: unknown, body: Uint8Array): Uint8Array {
  const json = JSON.stringify(head);
  const room = HEADER_BYTES + 4 + json.length * 3;
  if (scratch.length < room) scratch = new Uint8Array(room);
  const { written } = encoder.encodeInto(json, scratch.subarray(HEADER_BYTES + 4));
  const frame = new Uint8Array(HEADER_BYTES + 4 + written + body.length);
  frame.set(scratch.subarray(0, HEADER_BYTES + 4 + written));
  frame.set(body, HEADER_BYTES + 4 + written);
  header(frame, FRAME.whole, id, 4 + written + body.length);
  new DataView(frame.buffer).setUint32(HEADER_BYTES, written);
  return frame;
}

/** The head and the body of a whole answer's payload. */
export function wholePayload(payload: Uint8Array): { head: unknown; body: Uint8Array } {
  const headBytes = numberPayload(payload);
  return {
    head: JSON.parse(decoder.decode(payload.subarray(4, 4 + headBytes))),
    body: payload.subarray(4 + headBytes),
  };
}

export function encodeNumberFrame(kind: number, id: number, value: number): Uint8Array {
  const frame = new Uint8Array(HEADER_BYTES + 4);
  header(frame, kind, id, 4);
  new DataView(frame.buffer).setUint32(HEADER_BYTES, value);
  return frame;
}

export const jsonPayload = (payload: Uint8Array): unknown => JSON.parse(decoder.decode(payload));
export const textPayload = (payload: Uint8Array): string => decoder.decode(payload);
export const numberPayload = (payload: Uint8Array): number =>
  new DataView(payload.buffer, payload.byteOffset, 4).getUint32(0);

export type FrameListener = (kind: number, id: number, payload: Uint8Array) => void;

/**
 * Cuts a byte stream into frames, whatever the size of the pieces it arrives in. A payload is a view of the bytes
 * received, not a copy, valid as long as the piece it came in is: a payload kept for later is copied by its reader.
 */
export class FrameDecoder {
  /** Copies of the pieces of a frame not complete yet, and how many bytes it needs to be (or to show its length). */
  private parts: Uint8Array[] = [];
  private partBytes = 0;
  private needed = 0;

  constructor(private readonly onFrame: FrameListener) {}

  push(chunk: Uint8Array): void {
    let bytes = chunk;
    if (this.parts.length > 0) {
      // Joined once the frame is complete, not at every piece: a large frame in many pieces is copied once.
      this.parts.push(chunk.slice());
      this.partBytes += chunk.length;
      if (this.partBytes < this.needed) return;
      bytes = joinBytes(this.parts, this.partBytes);
      this.parts = [];
      this.partBytes = 0;
    }
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let offset = 0;
    while (bytes.length - offset >= HEADER_BYTES) {
      const length = view.getUint32(offset);
      if (length > MAX_PAYLOAD) throw new Error(`a frame of ${length} bytes is not one of this protocol`);
      const end = offset + HEADER_BYTES + length;
      if (end > bytes.length) break;
      this.onFrame(view.getUint8(offset + 4), view.getUint32(offset + 5), bytes.subarray(offset + HEADER_BYTES, end));
      offset = end;
    }
    if (offset === bytes.length) return;
    // The start of a frame whose end is still to come, copied: the reader may reuse its buffer for the next piece.
    const rest = bytes.slice(offset);
    this.parts = [rest];
    this.partBytes = rest.length;
    this.needed = rest.length >= HEADER_BYTES ? HEADER_BYTES + view.getUint32(offset) : HEADER_BYTES;
  }
}

/** `parts` one after another in one array; `size` is their total length. */
export function joinBytes(parts: Uint8Array[], size: number): Uint8Array {
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
