// Phoenix channel frames as realtime-js sends and reads them. vsn 1.0.0: JSON objects {join_ref, ref, topic, event,
// payload}. vsn 2.0.0: JSON arrays [join_ref, ref, topic, event, payload], plus binary user broadcasts: kind 3 from
// the client (a broadcast push with its user event, metadata and a JSON or binary payload) and kind 4 to the client.

export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A broadcast whose user payload stays encoded: sent by a kind 3 frame or httpSend, delivered as kind 4. */
export interface UserBroadcast {
  event: string;
  /** 0: binary, 1: JSON text. */
  encoding: 0 | 1;
  data: Buffer;
}

export interface UserBroadcastPush extends UserBroadcast {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  meta: Record<string, unknown>;
}

export const BINARY_ENCODING = 0;
export const JSON_ENCODING = 1;
const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;

export class BadFrame extends Error {}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new BadFrame('a ref must be a string');
}

/** Reads a text frame; throws BadFrame for anything that is not a Phoenix message. */
export function decodeText(vsn: Vsn, raw: string): Frame {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new BadFrame('not JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new BadFrame('not a message');
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') throw new BadFrame('not a message');
    return { joinRef: text(joinRef), ref: text(ref), topic, event, payload };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BadFrame('not a message');
  const message = parsed as Record<string, unknown>;
  if (typeof message.topic !== 'string' || typeof message.event !== 'string') throw new BadFrame('not a message');
  return {
    joinRef: text(message.join_ref),
    ref: text(message.ref),
    topic: message.topic,
    event: message.event,
    payload: message.payload,
  };
}

/** Reads a binary frame: only the user broadcast push (kind 3) is defined. */
export function decodeBinary(data: Buffer): UserBroadcastPush {
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH) throw new BadFrame('unknown binary frame');
  const sizes = [data[1]!, data[2]!, data[3]!, data[4]!, data[5]!];
  const encoding = data[6]!;
  if (encoding !== BINARY_ENCODING && encoding !== JSON_ENCODING) throw new BadFrame('unknown payload encoding');
  let offset = 7;
  const parts = sizes.map((size) => {
    if (offset + size > data.length) throw new BadFrame('truncated frame');
    const part = data.subarray(offset, offset + size).toString('utf8');
    offset += size;
    return part;
  });
  const [joinRef, ref, topic, event, metadata] = parts as [string, string, string, string, string];
  let meta: Record<string, unknown> = {};
  if (metadata !== '') {
    try {
      const parsed = JSON.parse(metadata) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) meta = parsed as Record<string, unknown>;
    } catch {
      throw new BadFrame('metadata is not JSON');
    }
  }
  const payload = data.subarray(offset);
  if (encoding === JSON_ENCODING) {
    try {
      JSON.parse(payload.toString('utf8'));
    } catch {
      throw new BadFrame('payload is not JSON');
    }
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event,
    meta,
    encoding: encoding as 0 | 1,
    data: Buffer.from(payload),
  };
}

export function encodeText(vsn: Vsn, frame: Frame): string {
  if (vsn === '2.0.0') return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  return JSON.stringify({
    join_ref: frame.joinRef,
    ref: frame.ref,
    topic: frame.topic,
    event: frame.event,
    payload: frame.payload,
  });
}

/** A kind 4 frame: [4, topic size, event size, metadata size, encoding, topic, event, metadata, payload]. */
export function encodeUserBroadcast(topic: string, message: UserBroadcast): Buffer | undefined {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(message.event, 'utf8');
  if (topicBytes.length > 255 || eventBytes.length > 255) return undefined;
  const header = Buffer.from([USER_BROADCAST, topicBytes.length, eventBytes.length, 0, message.encoding]);
  return Buffer.concat([header, topicBytes, eventBytes, message.data]);
}

/** The broadcast as a JSON payload, for vsn 1.0.0 sockets (which cannot carry binary payloads). */
export function userBroadcastAsJson(message: UserBroadcast): Record<string, unknown> | undefined {
  if (message.encoding !== JSON_ENCODING) return undefined;
  return { type: 'broadcast', event: message.event, payload: JSON.parse(message.data.toString('utf8')) as unknown };
}
