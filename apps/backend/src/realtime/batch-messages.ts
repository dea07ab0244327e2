// The messages form of POST /api/broadcast, checked as Realtime checks it: {messages: [{topic, event, payload,
// private?, id?}]}, each with a topic, an event and a JSON object payload within the size limit. What fails answers
// 422 with Realtime's errors: one object per message (empty for a valid one), each field with its reasons.

export interface BatchMessage {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  private: boolean;
  /** A UUID the sender gave, delivered to the listeners as meta.id. */
  id?: string;
}

export type BatchErrors = { messages: Array<string | Record<string, string[]>> };

const BLANK = "can't be blank";
const INVALID = 'is invalid';
const TOO_LARGE = 'Payload size exceeds tenant limit';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A text field: blank when missing or only spaces, invalid when not text. */
function textError(value: unknown): string | undefined {
  if (value === undefined || value === null) return BLANK;
  if (typeof value !== 'string') return INVALID;
  return value.trim() === '' ? BLANK : undefined;
}

/** A boolean as Ecto casts one: true, false, or their text ("true", "false", "1", "0"). */
function booleanOf(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return undefined;
}

function readMessage(
  item: Record<string, unknown>,
  maxPayloadBytes: number,
): { message?: BatchMessage; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const topic = textError(item.topic);
  if (topic) errors.topic = [topic];
  const event = textError(item.event);
  if (event) errors.event = [event];
  const payload = item.payload;
  if (payload === undefined || payload === null) errors.payload = [BLANK];
  else if (typeof payload !== 'object' || Array.isArray(payload)) errors.payload = [INVALID];
  else if (Buffer.byteLength(JSON.stringify(payload)) > maxPayloadBytes) errors.payload = [TOO_LARGE];
  const isPrivate = booleanOf(item.private);
  if (isPrivate === undefined) errors.private = [INVALID];
  const id = item.id;
  if (id !== undefined && id !== null && (typeof id !== 'string' || !UUID.test(id))) errors.id = [INVALID];
  if (Object.keys(errors).length > 0) return { errors };
  const message: BatchMessage = {
    topic: item.topic as string,
    event: item.event as string,
    payload: payload as Record<string, unknown>,
    private: isPrivate!,
    ...(typeof id === 'string' ? { id } : {}),
  };
  return { message, errors };
}

/** The body's messages, or Realtime's errors for it (a payload over `maxPayloadBytes` is one). */
export function readBatch(
  body: unknown,
  maxPayloadBytes: number,
): { messages: BatchMessage[] } | { errors: BatchErrors } {
  const value =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as { messages?: unknown }).messages : undefined;
  if (value === undefined || value === null) return { errors: { messages: [BLANK] } };
  if (!Array.isArray(value) || value.some((item) => !item || typeof item !== 'object' || Array.isArray(item))) {
    return { errors: { messages: [INVALID] } };
  }
  const read = (value as Array<Record<string, unknown>>).map((item) => readMessage(item, maxPayloadBytes));
  if (read.some((entry) => !entry.message)) return { errors: { messages: read.map((entry) => entry.errors) } };
  return { messages: read.map((entry) => entry.message!) };
}
