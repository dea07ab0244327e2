// One websocket: Phoenix frames in and out, heartbeats answered at once, and the channels joined on it. Pushes are
// handled one after the other (a leave followed by a join of the same topic keeps its order); heartbeats skip the
// line. A frame that is not a Phoenix message is ignored, never fatal.
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { identify, readPolicies, RealtimeRefusal, type Identity } from './auth.ts';
import {
  bindingOf,
  readChangeParams,
  requestedChanges,
  unpublishedMessage,
  type ChangeParams,
} from './change-params.ts';
import { Channel } from './channel.ts';
import { FilterError } from './filter-syntax.ts';
import type { Encoded } from './hub.ts';
import { BadFrame, decodeBinary, decodeText, encodeText, type Frame, type Vsn } from './protocol.ts';
import type { RealtimeService } from './service.ts';

interface JoinConfig {
  broadcast?: { self?: unknown; ack?: unknown };
  presence?: { key?: unknown; enabled?: unknown };
  postgres_changes?: unknown;
  private?: unknown;
}

interface JoinPayload {
  config?: JoinConfig;
  access_token?: unknown;
  user_token?: unknown;
}

const TOPIC_PREFIX = 'realtime:';

/**
 * A boolean of the join config as Realtime casts it: true or false, or their text in any letter case; anything else
 * is not read, and the field keeps its default (false).
 */
function flag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  return typeof value === 'string' && value.toLowerCase() === 'true';
}

/** A config section (broadcast, presence), or nothing when it is not an object. */
function section<T extends object>(value: unknown): Partial<T> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Partial<T>) : {};
}

/**
 * The token a join names, as Realtime picks it: user_token before access_token, and none (the socket's apikey) when
 * the first of them given is an opaque key (sb_…).
 */
function joinToken(payload: JoinPayload): string | undefined {
  const given = payload.access_token || payload.user_token;
  if (typeof given === 'string' && given.startsWith('sb_')) return undefined;
  if (typeof payload.user_token === 'string') return payload.user_token;
  if (typeof payload.access_token === 'string') return payload.access_token;
  return undefined;
}

/** The presence key a join gives: text, or a number or boolean as its text; none (a random key) otherwise. */
function presenceKeyOf(key: unknown): string {
  if (typeof key === 'string') return key;
  return typeof key === 'number' || typeof key === 'boolean' ? String(key) : '';
}

export class Connection {
  readonly channels = new Map<string, Channel>();
  lastSeen = Date.now();
  private queue: Promise<void> = Promise.resolve();
  private window = { start: 0, count: 0 };

  constructor(
    readonly service: RealtimeService,
    private readonly ws: WebSocket,
    /** The connection under `ws`, for deliveries framed once for all sockets (see sendEncoded). */
    private readonly socket: Duplex,
    readonly vsn: Vsn,
    /** The socket's apikey as a verified token: what channels run as without an access_token of their own. */
    private readonly apikeyToken: string,
  ) {
    ws.on('message', (data, isBinary) => this.onMessage(data as Buffer, isBinary));
    ws.on('close', () => this.closeAll());
    ws.on('error', () => ws.terminate());
  }

  private onMessage(data: Buffer, isBinary: boolean): void {
    this.lastSeen = Date.now();
    let frame: Frame;
    let user;
    try {
      if (isBinary) {
        if (this.vsn !== '2.0.0') return;
        user = decodeBinary(data);
        frame = { joinRef: user.joinRef, ref: user.ref, topic: user.topic, event: 'broadcast', payload: undefined };
      } else {
        frame = decodeText(this.vsn, data.toString('utf8'));
      }
    } catch (error) {
      if (error instanceof BadFrame) return;
      throw error;
    }
    if (frame.topic === 'phoenix') {
      if (frame.event === 'heartbeat')
        this.push({ ...frame, joinRef: null, event: 'phx_reply', payload: { status: 'ok', response: {} } });
      return;
    }
    const userBroadcast = user;
    this.queue = this.queue
      .then(() => this.handle(frame, userBroadcast))
      .catch((error: unknown) => console.error('realtime: a message failed:', (error as Error).message));
  }

  private overLimit(): boolean {
    const now = Date.now();
    if (now - this.window.start >= 1000) this.window = { start: now, count: 0 };
    this.window.count += 1;
    return this.window.count > this.service.limits.maxEventsPerSecond;
  }

  private async handle(frame: Frame, user?: ReturnType<typeof decodeBinary>): Promise<void> {
    if (this.overLimit()) {
      for (const channel of [...this.channels.values()]) channel.shutdown('Too many messages per second');
      return;
    }
    if (frame.event === 'phx_join') return this.join(frame);
    const channel = this.channels.get(frame.topic);
    if (!channel) {
      this.replyTo(frame, 'error', { reason: 'unmatched topic' });
      return;
    }
    // A push for an earlier join of the topic raced its close, which the client was already sent: Phoenix drops it.
    if (frame.joinRef !== null && frame.joinRef !== channel.joinRef) return;
    switch (frame.event) {
      case 'phx_leave':
        // As Phoenix answers a leave: the reply, then the channel's close.
        this.replyTo(frame, 'ok', {});
        channel.pushClose();
        this.drop(channel);
        return;
      case 'broadcast':
        return channel.broadcast(
          frame.ref,
          frame.payload,
          user && { event: user.event, encoding: user.encoding, data: user.data },
        );
      case 'presence':
        return channel.presence(frame.ref, frame.payload);
      case 'access_token':
        return channel.refreshToken((frame.payload as { access_token?: unknown } | null)?.access_token);
      default:
        // Realtime ignores events it does not know.
        return;
    }
  }

  private async join(frame: Frame): Promise<void> {
    if (!frame.topic.startsWith(TOPIC_PREFIX)) {
      this.replyTo(frame, 'error', { reason: 'unmatched topic' });
      return;
    }
    const subTopic = frame.topic.slice(TOPIC_PREFIX.length);
    // Joining a topic again replaces the earlier channel, as Phoenix does.
    const existing = this.channels.get(frame.topic);
    if (existing) {
      existing.pushClose();
      this.drop(existing);
    }
    try {
      const { channel, changesRefused } = await this.openChannel(frame, subTopic);
      this.replyTo(frame, 'ok', { postgres_changes: channel.bindings });
      if (channel.presenceEnabled) channel.pushPresenceState();
      if (channel.bindings.length > 0) channel.reportChanges(changesRefused);
    } catch (error) {
      if (error instanceof RealtimeRefusal) {
        this.replyTo(frame, 'error', { reason: error.reason });
        return;
      }
      // As Realtime answers what it did not foresee; the cause stays in the server's log.
      console.error('realtime: a join failed:', (error as Error).message);
      this.replyTo(frame, 'error', { reason: 'Unknown Error on Channel' });
    }
  }

  /** The joined channel, and why its postgres_changes were refused (it joins without them, as on Realtime). */
  private async openChannel(frame: Frame, subTopic: string): Promise<{ channel: Channel; changesRefused?: string }> {
    if (subTopic === '') throw new RealtimeRefusal('TopicNameRequired', 'You must provide a topic name');
    const payload = (frame.payload && typeof frame.payload === 'object' ? frame.payload : {}) as JoinPayload;
    const config: JoinConfig = payload.config && typeof payload.config === 'object' ? payload.config : {};
    const isPrivate = flag(config.private);
    const broadcast = section<NonNullable<JoinConfig['broadcast']>>(config.broadcast);
    const presence = section<NonNullable<JoinConfig['presence']>>(config.presence);
    const limits = this.service.limits;
    if (this.channels.size === 0 && this.service.users.size >= limits.maxConcurrentUsers) {
      throw new RealtimeRefusal('ConnectionRateLimitReached', 'Too many connected users');
    }
    if (this.channels.size >= limits.maxChannelsPerClient) {
      throw new RealtimeRefusal('ChannelRateLimitReached', 'Too many channels');
    }
    const identity: Identity = await identify(this.service.keys, joinToken(payload) ?? this.apikeyToken);
    // Presence is off unless the join turns it on (realtime-js does once the channel listens to presence); a track
    // turns it on later.
    const presenceEnabled = flag(presence.enabled);
    let policies = { broadcast: true, presence: true };
    if (isPrivate) {
      // A role the database does not know (or a policy that fails) reads nothing.
      policies = await readPolicies(this.service.db, identity, subTopic).catch(() => ({
        broadcast: false,
        presence: false,
      }));
      if (!policies.broadcast && !policies.presence) {
        throw new RealtimeRefusal(
          'Unauthorized',
          `You do not have permissions to read from this Channel topic: ${subTopic}`,
        );
      }
    }
    const requested = requestedChanges(config.postgres_changes);
    const bindings = requested.map(bindingOf);
    let params: Array<ChangeParams & { id: number }> = [];
    let changesRefused: string | undefined;
    try {
      // One binding Realtime cannot read and the channel has none.
      params = requested.map((item, i) => ({ ...readChangeParams(item), id: bindings[i]!.id }));
    } catch (error) {
      if (!(error instanceof FilterError)) throw error;
      changesRefused = error.message;
    }
    if (params.length > 0) await this.service.changes.syncCapture();
    // Params that name no published table refuse them all, as Realtime's subscription does.
    for (const param of params) {
      if (await this.service.changes.published(param)) continue;
      changesRefused = unpublishedMessage(param);
      params = [];
      break;
    }
    const channel = new Channel(this, {
      topic: frame.topic,
      subTopic,
      joinRef: frame.joinRef,
      isPrivate,
      self: flag(broadcast.self),
      ack: flag(broadcast.ack),
      presenceKey: presenceKeyOf(presence.key),
      presenceEnabled,
      identity,
      canReadBroadcast: policies.broadcast,
      canReadPresence: policies.presence,
    });
    channel.bindings = bindings;
    this.service.changes.subscribe(channel, params);
    this.channels.set(frame.topic, channel);
    this.service.users.add(this);
    this.service.hub.add(channel);
    return changesRefused === undefined ? { channel } : { channel, changesRefused };
  }

  /** Forgets a channel (left, replaced or closed by the server). */
  drop(channel: Channel): void {
    channel.close();
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
    if (this.channels.size === 0) this.service.users.delete(this);
  }

  /** Leaves every channel (the socket closed, or the server stops). */
  closeAll(): void {
    for (const channel of [...this.channels.values()]) this.drop(channel);
    this.service.forget(this);
  }

  push(frame: Frame): void {
    if (!this.keepingUp()) return;
    this.ws.send(encodeText(this.vsn, frame));
  }

  /**
   * A delivery's frame, written as it is to the socket: one copy of the bytes for all its sockets, and none of ws's
   * per-message framing. This keeps the frames in order with those ws sends, because ws writes each of its frames to the
   * socket at once when nothing is compressed (the server turns compression off) and nothing is a Blob.
   */
  sendEncoded(frame: Encoded): void {
    if (!this.keepingUp()) return;
    this.socket.write(frame.wire);
  }

  /** Whether the socket is open and its client reads what it is sent; one that fell too far behind is dropped. */
  private keepingUp(): boolean {
    if (this.ws.readyState !== this.ws.OPEN) return false;
    if (this.socket.writableLength <= this.service.limits.maxUnsentBytes) return true;
    this.ws.terminate();
    return false;
  }

  private replyTo(frame: Frame, status: 'ok' | 'error', response: unknown): void {
    this.push({
      joinRef: frame.joinRef,
      ref: frame.ref,
      topic: frame.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }

  reply(channel: Channel, ref: string | null, status: 'ok' | 'error', response: unknown): void {
    if (ref === null) return;
    this.push({
      joinRef: channel.joinRef,
      ref,
      topic: channel.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }

  terminate(): void {
    this.ws.terminate();
  }

  close(code: number, reason: string): void {
    this.ws.close(code, reason);
  }
}
