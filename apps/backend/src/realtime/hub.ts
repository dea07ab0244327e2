// The channels of this process by topic, and one message's frames, encoded once for all the sockets it goes to.
import { encodeText, encodeUserBroadcast, userBroadcastAsJson, type UserBroadcast, type Vsn } from './protocol.ts';

/** Public and private channels of one name are different topics, as on Supabase. */
export const topicKey = (subTopic: string, isPrivate: boolean) => `${isPrivate ? 'private' : 'public'}:${subTopic}`;

export interface Encoded {
  data: Buffer;
  binary: boolean;
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
      return data && { data, binary: true };
    }
    const payload = this.user ? userBroadcastAsJson(this.user) : this.payload;
    if (payload === undefined) return undefined;
    const text = encodeText(vsn, { joinRef: null, ref: null, topic: this.topic, event: this.event, payload });
    return { data: Buffer.from(text), binary: false };
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
