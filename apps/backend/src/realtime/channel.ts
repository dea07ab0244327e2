// One joined channel of a socket: its config (broadcast self/ack, presence key, private), who it runs as, and what
// it may do; it receives the topic's messages and handles the client's broadcast, presence and access_token pushes.
import { randomUUID } from 'node:crypto';
import { expiredMessage, identify, mayWrite, readPolicies, RealtimeRefusal, type Identity } from './auth.ts';
import type { Binding } from './change-params.ts';
import type { Connection } from './connection.ts';
import { Delivery, topicKey, type Member } from './hub.ts';
import type { UserBroadcast } from './protocol.ts';

export interface ChannelOptions {
  topic: string;
  subTopic: string;
  joinRef: string | null;
  isPrivate: boolean;
  self: boolean;
  ack: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  identity: Identity;
  canReadBroadcast: boolean;
  canReadPresence: boolean;
}

/** The longest a token check waits; a token valid for days is still checked again within the hour. */
const MAX_CHECK_MS = 60 * 60 * 1000;

export class Channel implements Member {
  readonly topic: string;
  readonly subTopic: string;
  readonly topicKey: string;
  readonly joinRef: string | null;
  readonly isPrivate: boolean;
  readonly self: boolean;
  readonly ack: boolean;
  readonly presenceKey: string;
  presenceEnabled: boolean;
  identity: Identity;
  bindings: Binding[] = [];
  private canReadBroadcast: boolean;
  private canReadPresence: boolean;
  private canWrite: { broadcast?: boolean; presence?: boolean } = {};
  private expiry?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly connection: Connection,
    options: ChannelOptions,
  ) {
    this.topic = options.topic;
    this.subTopic = options.subTopic;
    this.topicKey = topicKey(options.subTopic, options.isPrivate);
    this.joinRef = options.joinRef;
    this.isPrivate = options.isPrivate;
    this.self = options.self;
    this.ack = options.ack;
    // Without a key of its own, each channel is its own presence, as Realtime gives it a random key.
    this.presenceKey = options.presenceKey || randomUUID();
    this.presenceEnabled = options.presenceEnabled;
    this.identity = options.identity;
    this.canReadBroadcast = options.canReadBroadcast;
    this.canReadPresence = options.canReadPresence;
    this.scheduleCheck();
  }

  private get service() {
    return this.connection.service;
  }

  receive(delivery: Delivery): void {
    if (this.closed) return;
    if (this.isPrivate) {
      if (delivery.event === 'broadcast' && !this.canReadBroadcast) return;
      if (delivery.event === 'presence_diff' && !this.canReadPresence) return;
    }
    const frame = delivery.frame(this.connection.vsn);
    if (frame) this.connection.sendEncoded(frame);
  }

  /** The presences so far, for a channel that just turned presence on (unless a private one may not read them). */
  pushPresenceState(): void {
    if (this.isPrivate && !this.canReadPresence) return;
    this.push('presence_state', this.service.presence.state(this.topicKey));
  }

  push(event: string, payload: unknown): void {
    this.connection.push({ joinRef: this.joinRef, ref: null, topic: this.topic, event, payload });
  }

  /** Tells the client the channel is closed: Phoenix's phx_close carries the join's ref as its own. */
  pushClose(): void {
    this.connection.push({
      joinRef: this.joinRef,
      ref: this.joinRef,
      topic: this.topic,
      event: 'phx_close',
      payload: {},
    });
  }

  /** A broadcast from this client: JSON ({type, event, payload}) or a binary frame's user broadcast. */
  async broadcast(ref: string | null, payload: unknown, user?: UserBroadcast): Promise<void> {
    const size = user ? user.data.length : Buffer.byteLength(JSON.stringify(payload ?? null));
    if (size > this.service.limits.maxPayloadBytes) {
      if (this.ack) this.connection.reply(this, ref, 'error', { reason: 'payload_size_exceeded' });
      return;
    }
    if (
      !user &&
      (!payload || typeof payload !== 'object' || typeof (payload as { event?: unknown }).event !== 'string')
    ) {
      return;
    }
    if (this.isPrivate && !(await this.mayWrite('broadcast'))) return;
    this.service.publish(this.topicKey, this.topic, user ? { user } : { payload }, this.self ? undefined : this);
    if (this.ack) this.connection.reply(this, ref, 'ok', {});
  }

  async presence(ref: string | null, payload: unknown): Promise<void> {
    const message = (payload && typeof payload === 'object' ? payload : {}) as { event?: unknown; payload?: unknown };
    // Realtime leaves a presence push without an event unanswered, and reads the event in any case.
    if (!('event' in message)) return;
    const event = typeof message.event === 'string' ? message.event.toLowerCase() : undefined;
    if (event === 'untrack') {
      this.service.presence.untrack(this);
      this.connection.reply(this, ref, 'ok', {});
      return;
    }
    if (event !== 'track') {
      this.connection.reply(this, ref, 'error', {});
      return;
    }
    const meta = message.payload ?? {};
    if (!meta || typeof meta !== 'object' || Array.isArray(meta)) {
      this.connection.reply(this, ref, 'error', { reason: 'Presence track payload must be a map' });
      return;
    }
    if (Buffer.byteLength(JSON.stringify(meta)) > this.service.limits.maxPayloadBytes) {
      this.shutdown('Track message size exceeded');
      return;
    }
    if (this.isPrivate && !(await this.mayWrite('presence'))) {
      this.connection.reply(this, ref, 'error', {});
      return;
    }
    const wasEnabled = this.presenceEnabled;
    this.presenceEnabled = true;
    this.service.presence.track(this, this.presenceKey, meta as Record<string, unknown>);
    this.connection.reply(this, ref, 'ok', {});
    // A track can be what turns presence on: this channel then needs the state so far.
    if (!wasEnabled) this.pushPresenceState();
  }

  /** A refreshed JWT: verified and, on a private channel, its read permission checked again. */
  async refreshToken(token: unknown): Promise<void> {
    if (typeof token !== 'string' || token.startsWith('sb_') || token === this.identity.token) return;
    let identity: Identity;
    try {
      identity = await identify(this.service.keys, token);
    } catch (error) {
      if (error instanceof RealtimeRefusal) this.shutdown(refreshRefusal(error));
      return;
    }
    if (this.closed) return;
    if (this.isPrivate) {
      const policies = await readPolicies(this.service.db, identity, this.subTopic).catch(() => ({
        broadcast: false,
        presence: false,
      }));
      const revoked = (this.canReadBroadcast && !policies.broadcast) || (this.canReadPresence && !policies.presence);
      if (revoked) {
        this.shutdown(`You no longer have permission to read from this Channel topic: ${this.subTopic}`);
        return;
      }
      this.canReadBroadcast = policies.broadcast;
      this.canReadPresence = policies.presence;
      this.canWrite = {};
    }
    this.identity = identity;
    this.scheduleCheck();
  }

  private async mayWrite(extension: 'broadcast' | 'presence'): Promise<boolean> {
    let allowed = this.canWrite[extension];
    if (allowed === undefined) {
      allowed = await mayWrite(this.service.db, this.identity, this.subTopic, extension);
      this.canWrite[extension] = allowed;
    }
    return allowed;
  }

  private scheduleCheck(): void {
    clearTimeout(this.expiry);
    const remaining = this.identity.exp * 1000 - Date.now();
    this.expiry = setTimeout(() => this.checkToken(), Math.max(0, Math.min(remaining, MAX_CHECK_MS)));
    this.expiry.unref();
  }

  private checkToken(): void {
    if (this.closed) return;
    if (this.identity.exp * 1000 <= Date.now()) this.shutdown(expiredMessage(this.identity.exp));
    else this.scheduleCheck();
  }

  /** Closes the channel from the server, telling the client why with a system message, as Realtime does. */
  shutdown(message: string): void {
    if (this.closed) return;
    this.push('system', { extension: 'system', status: 'error', message, channel: this.subTopic });
    this.pushClose();
    this.connection.drop(this);
  }

  /** Leaves every registry; the socket forgets the channel itself. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.expiry);
    this.service.presence.untrack(this);
    this.service.changes.unsubscribe(this);
    this.service.hub.remove(this);
  }
}

/**
 * Why a refreshed token closes the channel. Realtime words an expired, malformed or incomplete token as it does at
 * join, but any other failure (a bad signature) as the Elixir term of its error.
 */
function refreshRefusal(refusal: RealtimeRefusal): string {
  return refusal.code === 'JwtSignatureError' ? ':signature_error' : refusal.detail;
}
