// The channels of this process by topic, and one message's WebSocket frames, built once for all its sockets.
import { encodeText, encodeUserBroadcast, userBroadcastAsJson, type UserBroadcast, type Vsn } from './protocol.ts';

/** Public and private channels of one name are different topics, as on Supabase. */
export const topicKey = (subTopic: string, isPrivate: boolean) => `${isPrivate ? 'private' : 'public'}:${subTopic}`;

export interface Encoded {
  /** The whole WebSocket frame (RFC 6455 section 5.2, unmasked as a server sends it): the same bytes for every socket. */
  wire: Buffer;
}

/** A final, unfragmented, uncompressed frame of text or binary data. */
function websocketFrame(data: Buffer, binary: boolean): Buffer {
  const opcode = binary ? 0x2 : 0x1;
  const lengthBytes = data.length < 126 ? 0 : data.length < 65536 ? 2 : 8;
  const frame = Buffer.allocUnsafe(2 + lengthBytes + data.length);
  frame[0] = 0x80 | opcode;
  if (lengthBytes === 0) frame[1] = data.length;
  else if (lengthBytes === 2) {
    frame[1] = 126;
    frame.writeUInt16BE(data.length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(data.length), 2);
  }
  data.copy(frame, 2 + lengthBytes);
  return frame;
}

/** A message pushed to every channel of a topic (no ref, no join_ref). */
export class Delivery {
  private readonly encoded = new Map<Vsn, Encoded | null>();

  constructor(
    readonly topic: string,
    readonly event: string,
    readonly payload: unknown,
    /** Set for a broadcast whose payload stays encoded (binary frames, httpSend). */
    readonly user?: UserBroadcast,
  ) {}

  /** The frame for a socket of `vsn`; undefined when that version cannot carry it (binary payload on 1.0.0). */
  frame(vsn: Vsn): Encoded | undefined {
    let frame = this.encoded.get(vsn);
    if (frame === undefined) {
      frame = this.encode(vsn) ?? null;
      this.encoded.set(vsn, frame);
    }
    return frame ?? undefined;
  }

  private encode(vsn: Vsn): Encoded | undefined {
    if (this.user && vsn === '2.0.0') {
      const data = encodeUserBroadcast(this.topic, this.user);
      return data && { wire: websocketFrame(data, true) };
    }
    const payload = this.user ? userBroadcastAsJson(this.user) : this.payload;
    if (payload === undefined) return undefined;
    const text = encodeText(vsn, { joinRef: null, ref: null, topic: this.topic, event: this.event, payload });
    return { wire: websocketFrame(Buffer.from(text), false) };
  }
}

export interface Member {
  readonly topicKey: string;
  receive(delivery: Delivery): void;
}

export class Hub {
  private readonly topics = new Map<string, Set<Member>>();

  add(member: Member): void {
    let members = this.topics.get(member.topicKey);
    if (!members) this.topics.set(member.topicKey, (members = new Set()));
    members.add(member);
  }

  remove(member: Member): void {
    const members = this.topics.get(member.topicKey);
    if (!members) return;
    members.delete(member);
    if (members.size === 0) this.topics.delete(member.topicKey);
  }

  members(key: string): Iterable<Member> {
    return this.topics.get(key) ?? [];
  }

  deliver(key: string, delivery: Delivery, except?: Member): void {
    const members = this.topics.get(key);
    if (!members) return;
    for (const member of members) {
      if (member !== except) member.receive(delivery);
    }
  }
}
