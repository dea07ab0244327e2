// Presence as Realtime keeps it (Phoenix.Presence): per topic, per key, the metas of every tracked channel, each
// with its phx_ref. This process tracks its own channels and mirrors those of the other processes of the database,
// learnt through the bus: their tracks and untracks, their whole state when this process starts, and their
// disappearance when a process stops announcing itself.
import { randomBytes } from 'node:crypto';
import type { Bus, BusMessage } from './bus.ts';
import { Delivery, type Hub, type Member } from './hub.ts';

type Meta = Record<string, unknown>;

interface Entry {
  ref: string;
  meta: Meta;
  node: string;
}

export interface PresenceMember extends Member {
  readonly topic: string;
  /**
   * Whether the channel receives presence_diff: on a public channel always (as Realtime passes a topic's diffs to
   * every member of it), on a private one once presence is on.
   */
  readonly receivesPresenceDiffs: boolean;
}

interface Tracked {
  key: string;
  ref: string;
}

const ALIVE_EVERY_MS = 5_000;
const NODE_TIMEOUT_MS = 15_000;

const newRef = () => randomBytes(9).toString('base64url');
const withRef = (entry: Entry, prev?: string): Meta => ({
  ...entry.meta,
  phx_ref: entry.ref,
  ...(prev ? { phx_ref_prev: prev } : {}),
});

export class Presence {
  private readonly topics = new Map<string, Map<string, Map<string, Entry>>>();
  private readonly tracked = new Map<PresenceMember, Tracked>();
  private readonly nodes = new Map<string, number>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly hub: Hub,
    private readonly bus: Bus,
  ) {}

  start(): void {
    if (!this.bus.shared) return;
    this.bus.publish({ k: 'ph' });
    this.timer = setInterval(() => {
      this.bus.publish({ k: 'n' });
      const now = Date.now();
      for (const [node, seen] of this.nodes) {
        if (now - seen > NODE_TIMEOUT_MS) this.dropNode(node);
      }
    }, ALIVE_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  state(topicKey: string): Record<string, { metas: Meta[] }> {
    const keys = this.topics.get(topicKey);
    const state: Record<string, { metas: Meta[] }> = {};
    for (const [key, entries] of keys ?? []) {
      state[key] = { metas: [...entries.values()].map((entry) => withRef(entry)) };
    }
    return state;
  }

  track(member: PresenceMember, key: string, meta: Meta): void {
    const previous = this.tracked.get(member);
    const removed = previous ? this.remove(member.topicKey, previous.key, previous.ref) : undefined;
    const entry: Entry = { ref: newRef(), meta, node: this.bus.origin };
    this.add(member.topicKey, key, entry);
    this.tracked.set(member, { key, ref: entry.ref });
    const leaves = removed && previous ? { [previous.key]: { metas: [withRef(removed)] } } : {};
    const sameKey = previous?.key === key ? previous.ref : undefined;
    this.emit(member.topicKey, member.topic, { [key]: { metas: [withRef(entry, sameKey)] } }, leaves);
    this.bus.publish({ k: 'pt', t: member.topicKey, s: member.topic, key, ref: entry.ref, meta, prev: previous });
  }

  untrack(member: PresenceMember): void {
    const previous = this.tracked.get(member);
    if (!previous) return;
    this.tracked.delete(member);
    const removed = this.remove(member.topicKey, previous.key, previous.ref);
    if (removed) this.emit(member.topicKey, member.topic, {}, { [previous.key]: { metas: [withRef(removed)] } });
    this.bus.publish({ k: 'pu', t: member.topicKey, s: member.topic, key: previous.key, ref: previous.ref });
  }

  onBus(message: BusMessage): void {
    const node = message.o;
    if (!node || node === 'db') return;
    this.nodes.set(node, Date.now());
    const topicKey = message.t as string;
    const topic = message.s as string;
    switch (message.k) {
      case 'pt': {
        const prev = message.prev as Tracked | undefined;
        const removed = prev ? this.remove(topicKey, prev.key, prev.ref) : undefined;
        const entry: Entry = { ref: message.ref as string, meta: message.meta as Meta, node };
        this.add(topicKey, message.key as string, entry);
        const leaves = removed && prev ? { [prev.key]: { metas: [withRef(removed)] } } : {};
        const sameKey = prev?.key === message.key ? prev?.ref : undefined;
        this.emit(topicKey, topic, { [message.key as string]: { metas: [withRef(entry, sameKey)] } }, leaves);
        break;
      }
      case 'pu': {
        const removed = this.remove(topicKey, message.key as string, message.ref as string);
        if (removed) this.emit(topicKey, topic, {}, { [message.key as string]: { metas: [withRef(removed)] } });
        break;
      }
      case 'ph':
        // A process started: it learns what this one tracks.
        this.bus.publish({ k: 'ps', entries: this.localEntries() });
        break;
      case 'ps':
        for (const item of message.entries as Array<{ t: string; s: string; key: string; ref: string; meta: Meta }>) {
          if (this.topics.get(item.t)?.get(item.key)?.has(item.ref)) continue;
          const entry: Entry = { ref: item.ref, meta: item.meta, node };
          this.add(item.t, item.key, entry);
          this.emit(item.t, item.s, { [item.key]: { metas: [withRef(entry)] } }, {});
        }
        break;
    }
  }

  private localEntries(): Array<{ t: string; s: string; key: string; ref: string; meta: Meta }> {
    const entries = [];
    for (const [member, tracked] of this.tracked) {
      const entry = this.topics.get(member.topicKey)?.get(tracked.key)?.get(tracked.ref);
      if (entry)
        entries.push({ t: member.topicKey, s: member.topic, key: tracked.key, ref: tracked.ref, meta: entry.meta });
    }
    return entries;
  }

  private dropNode(node: string): void {
    this.nodes.delete(node);
    for (const [topicKey, keys] of this.topics) {
      for (const [key, entries] of keys) {
        for (const entry of [...entries.values()]) {
          if (entry.node !== node) continue;
          this.remove(topicKey, key, entry.ref);
          const topic = `realtime:${topicKey.slice(topicKey.indexOf(':') + 1)}`;
          this.emit(topicKey, topic, {}, { [key]: { metas: [withRef(entry)] } });
        }
      }
    }
  }

  private add(topicKey: string, key: string, entry: Entry): void {
    let keys = this.topics.get(topicKey);
    if (!keys) this.topics.set(topicKey, (keys = new Map()));
    let entries = keys.get(key);
    if (!entries) keys.set(key, (entries = new Map()));
    entries.set(entry.ref, entry);
  }

  private remove(topicKey: string, key: string, ref: string): Entry | undefined {
    const keys = this.topics.get(topicKey);
    const entries = keys?.get(key);
    const entry = entries?.get(ref);
    if (!entry) return undefined;
    entries!.delete(ref);
    if (entries!.size === 0) keys!.delete(key);
    if (keys!.size === 0) this.topics.delete(topicKey);
    return entry;
  }

  private emit(topicKey: string, topic: string, joins: object, leaves: object): void {
    const delivery = new Delivery(topic, 'presence_diff', { joins, leaves });
    for (const member of this.hub.members(topicKey)) {
      if ((member as PresenceMember).receivesPresenceDiffs) member.receive(delivery);
    }
  }
}
