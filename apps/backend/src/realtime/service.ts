// The realtime service of one backend process: websockets at /realtime/v1/websocket on the node HTTP server, the
// channels by topic, presence, postgres_changes, and the bus joining this process to the others of its database.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { refuseNoRoute } from '../http/no-route.ts';
import { writeRawResponse } from '../http/raw-response.ts';
import type { Keys } from '../keys.ts';
import { identify, RealtimeRefusal } from './auth.ts';
import { Bus, type BusMessage } from './bus.ts';
import { Changes } from './changes.ts';
import { Connection } from './connection.ts';
import { Delivery, Hub, type Member } from './hub.ts';
import { Presence } from './presence.ts';
import type { UserBroadcast, Vsn } from './protocol.ts';

export const WEBSOCKET_PATH = '/realtime/v1/websocket';

export interface RealtimeLimits {
  maxConcurrentUsers: number;
  maxChannelsPerClient: number;
  maxEventsPerSecond: number;
  maxPayloadBytes: number;
  maxClientPresenceEventsPerWindow: number;
  clientPresenceWindowMs: number;
  /** A socket silent for this long (no heartbeat) is dropped, and leaves presence. */
  idleTimeoutMs: number;
  /**
   * A socket with more than this waiting to be sent to it, beyond what the system holds, is dropped: a client that
   * stopped reading (a stalled network, a suspended machine) would otherwise have every message sent to it kept in
   * this process's memory. realtime-js connects and joins again once it can.
   */
  maxUnsentBytes: number;
}

export type Published = { payload: unknown; user?: undefined } | { user: UserBroadcast; payload?: undefined };

export class RealtimeService {
  readonly hub = new Hub();
  readonly bus: Bus;
  readonly presence: Presence;
  readonly changes: Changes;
  readonly users = new Set<Connection>();
  readonly limits: RealtimeLimits;
  private readonly connections = new Set<Connection>();
  private readonly wss: WebSocketServer;
  private sweeper?: NodeJS.Timeout;

  constructor(
    config: Config,
    readonly db: Db,
    readonly keys: Keys,
  ) {
    const toml = config.project.realtime;
    this.limits = {
      maxConcurrentUsers: toml.max_concurrent_users,
      maxChannelsPerClient: toml.max_channels_per_client,
      maxEventsPerSecond: toml.max_events_per_second,
      maxPayloadBytes: toml.max_payload_size_in_kb * 1024,
      maxClientPresenceEventsPerWindow: toml.max_client_presence_events_per_window,
      clientPresenceWindowMs: toml.client_presence_window_ms,
      idleTimeoutMs: 60_000,
      // A few of the largest messages, and never less than 16 MiB.
      maxUnsentBytes: Math.max(16 * 1024 * 1024, 4 * toml.max_payload_size_in_kb * 1024),
    };
    this.bus = new Bus(db, (message) => this.onBus(message));
    this.presence = new Presence(this.hub, this.bus);
    this.changes = new Changes(db);
    // Frames carry the payload and a little framing; a larger frame closes the socket (1009) before it is read.
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: this.limits.maxPayloadBytes + 64 * 1024,
      // Off also because deliveries are written to the socket as whole frames (see Connection.sendEncoded).
      perMessageDeflate: false,
      clientTracking: false,
    });
  }

  async start(): Promise<void> {
    await this.bus.start();
    await this.changes.start();
    this.presence.start();
    // Once a second: a comparison per socket, cheap even for tens of thousands.
    this.sweeper = setInterval(() => this.sweep(), 1000);
    this.sweeper.unref();
  }

  /** An upgrade the server passed on (see server.ts): a Realtime socket, or refused. */
  async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname.replace(/\/+$/, '') !== WEBSOCKET_PATH) return refuseNoRoute(socket);
    const vsn = serializerOf(url.searchParams.get('vsn') ?? '1.0.0');
    // Phoenix refuses a version no serializer takes before it looks at the apikey, with a bare 403.
    if (!vsn) return refuse(socket, 403);
    const header = request.headers.apikey;
    const apikey = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : undefined);
    if (!apikey) return refuse(socket, 401, { error: 'API key is missing' });
    let token: string;
    try {
      token = (await identify(this.keys, apikey)).token;
    } catch (error) {
      if (!(error instanceof RealtimeRefusal)) throw error;
      return refuse(socket, 401, { error: connectRefusal(error) });
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      this.connections.add(new Connection(this, ws, socket, vsn, token));
    });
  }

  forget(connection: Connection): void {
    this.connections.delete(connection);
    this.users.delete(connection);
  }

  /** A broadcast to a topic: to this process's channels at once (but `except`), and to the other processes. */
  publish(topicKey: string, topic: string, message: Published, except?: Member): void {
    const delivery = new Delivery(topic, 'broadcast', message.payload, message.user);
    this.hub.deliver(topicKey, delivery, except);
    if (message.user) {
      const { event, encoding, data } = message.user;
      this.bus.publish({ k: 'u', t: topicKey, s: topic, e: event, c: encoding, d: data.toString('base64') });
    } else {
      this.bus.publish({ k: 'b', t: topicKey, s: topic, p: message.payload });
    }
  }

  private onBus(message: BusMessage): void {
    if (message.k !== 'b' && message.k !== 'u') {
      this.presence.onBus(message);
      return;
    }
    const topicKey = message.t;
    if (typeof topicKey !== 'string') return;
    const topic = typeof message.s === 'string' ? message.s : `realtime:${topicKey.slice(topicKey.indexOf(':') + 1)}`;
    if (message.k === 'b') {
      this.hub.deliver(topicKey, new Delivery(topic, 'broadcast', message.p));
      return;
    }
    const user: UserBroadcast = {
      event: String(message.e),
      encoding: message.c === 0 ? 0 : 1,
      data: Buffer.from(String(message.d), 'base64'),
    };
    this.hub.deliver(topicKey, new Delivery(topic, 'broadcast', undefined, user));
  }

  private sweep(): void {
    const oldest = Date.now() - this.limits.idleTimeoutMs;
    for (const connection of this.connections) {
      if (connection.lastSeen < oldest) connection.terminate();
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    this.presence.stop();
    // Channels leave at once, so the other processes learn of the presences that end here before the bus stops.
    const open = [...this.connections];
    for (const connection of open) {
      connection.closeAll();
      connection.close(1001, 'server shutting down');
    }
    // A client that does not answer the close would keep the HTTP server from closing.
    if (open.length > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    for (const connection of open) connection.terminate();
    await this.changes.stop();
    await this.bus.stop();
  }
}

/** The protocol a requested version is served with: Realtime's serializers take ~> 1.0.0 and ~> 2.0.0. */
function serializerOf(requested: string): Vsn | undefined {
  const major = /^([12])\.0\.\d+$/.exec(requested)?.[1];
  return major === undefined ? undefined : major === '1' ? '1.0.0' : '2.0.0';
}

/** Why Realtime refuses a socket's apikey: its join reason without the code, and an expired token without its age. */
function connectRefusal(refusal: RealtimeRefusal): string {
  return refusal.detail.startsWith('Token has expired') ? 'Token has expired' : refusal.detail;
}

function refuse(socket: Duplex, status: number, body?: object): void {
  if (body) writeRawResponse(socket, status, [['Content-Type', 'application/json']], JSON.stringify(body));
  else writeRawResponse(socket, status, []);
}
