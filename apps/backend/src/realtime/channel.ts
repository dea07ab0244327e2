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
  /** The presence this channel tracks, as JSON text. */
  private tracked?: string;
  private presenceWindow?: { count: number; resetAt: number };
  /** The system message about this channel's postgres_changes, once sent. */
  private changesReport?: Record<string, string>;

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

  get receivesPresenceDiffs(): boolean {
    return !this.isPrivate || this.presenceEnabled;
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

  /**
   * Tells the client whether its postgres_changes are subscribed (or why not), as Realtime does after the join and
   * again each time a refreshed token subscribes them anew.
   */
  reportChanges(refused?: string): void {
    this.changesReport = {
      extension: 'postgres_changes',
      status: refused === undefined ? 'ok' : 'error',
      message: refused ?? 'Subscribed to PostgreSQL',
      channel: this.subTopic,
    };
    this.push('system', this.changesReport);
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

  /**
   * A broadcast from this client: a JSON object, passed on as it is, or a binary frame's user broadcast. With ack, the
   * client is answered, an error saying why when it was not sent (too large, or not allowed on a private channel).
   */
  async broadcast(ref: string | null, payload: unknown, user?: UserBroadcast): Promise<void> {
    if (this.isPrivate && !(await this.mayWrite('broadcast'))) {
      this.refuseBroadcast(ref, 'unauthorized');
      return;
    }
    const size = user ? user.data.length : Buffer.byteLength(JSON.stringify(payload ?? null));
    if (size > this.service.limits.maxPayloadBytes) {
      this.refuseBroadcast(ref, 'payload_size_exceeded');
      return;
    }
    // Phoenix carries only an object as a broadcast's payload.
    const object = user !== undefined || (!!payload && typeof payload === 'object' && !Array.isArray(payload));
    if (object) {
      this.service.publish(this.topicKey, this.topic, user ? { user } : { payload }, this.self ? undefined : this);
    }
    if (this.ack) this.connection.reply(this, ref, 'ok', {});
  }

  /** Realtime answers a broadcast it did not send only when the channel asked for acknowledgements. */
  private refuseBroadcast(ref: string | null, error: string): void {
    if (this.ack) this.connection.reply(this, ref, 'error', { error });
  }

  async presence(ref: string | null, payload: unknown): Promise<void> {
    const message = (payload && typeof payload === 'object' ? payload : {}) as { event?: unknown; payload?: unknown };
    // Realtime leaves a presence push without an event unanswered, and reads the event in any case.
    if (!('event' in message)) return;
    if (!this.presenceCallAllowed()) {
      this.shutdown('Client presence rate limit exceeded');
      return;
    }
    const event = typeof message.event === 'string' ? message.event.toLowerCase() : undefined;
    if (event === 'untrack') {
      this.service.presence.untrack(this);
      this.tracked = undefined;
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
    const text = JSON.stringify(meta);
    // Tracking what is already tracked changes nothing, and tells nobody.
    if (text === this.tracked) {
      this.connection.reply(this, ref, 'ok', {});
      return;
    }
    if (Buffer.byteLength(text) > this.service.limits.maxPayloadBytes) {
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
    this.tracked = text;
    this.connection.reply(this, ref, 'ok', {});
    // A track can be what turns presence on: this channel then needs the state so far.
    if (!wasEnabled) this.pushPresenceState();
  }

  /**
   * Whether the client may send another presence message: Realtime allows each channel a few per window (five per
   * thirty seconds unless configured), and closes a channel that sends more.
   */
  private presenceCallAllowed(): boolean {
    const { maxClientPresenceEventsPerWindow: max, clientPresenceWindowMs: windowMs } = this.service.limits;
    const now = Date.now();
    if (this.presenceWindow === undefined || now > this.presenceWindow.resetAt) {
      this.presenceWindow = { count: 1, resetAt: now + windowMs };
      return true;
    }
    if (this.presenceWindow.count >= max) return false;
    this.presenceWindow.count += 1;
    return true;
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
    if (this.changesReport) this.push('system', this.changesReport);
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
