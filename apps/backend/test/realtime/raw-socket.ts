// A bare Phoenix client on `ws`, for what supabase-js never sends: malformed frames, unknown events, oversize
// payloads, joins past the limits.
import WebSocket from 'ws';

export interface RawMessage {
  topic: string;
  event: string;
  payload: Record<string, unknown> & { status?: string; response?: Record<string, unknown> };
  ref: string | null;
  join_ref: string | null;
}

export class RawSocket {
  readonly messages: RawMessage[] = [];
  closeCode?: number;
  private ref = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (!isBinary) this.messages.push(JSON.parse(data.toString()) as RawMessage);
    });
    ws.on('close', (code) => (this.closeCode = code));
  }

  static async open(baseUrl: string, apikey: string): Promise<RawSocket> {
    const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=1.0.0`);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return new RawSocket(ws);
  }

  /** Sends a message; resolves to its ref. */
  send(topic: string, event: string, payload: unknown, joinRef: string | null = null): string {
    const ref = String(++this.ref);
    this.ws.send(JSON.stringify({ topic, event, payload, ref, join_ref: joinRef ?? ref }));
    return ref;
  }

  async reply(ref: string, timeoutMs = 3000): Promise<RawMessage['payload']> {
    return (await this.waitFor((m) => m.event === 'phx_reply' && m.ref === ref, timeoutMs)).payload;
  }

  async join(topic: string, config: object = {}): Promise<{ ref: string; reply: RawMessage['payload'] }> {
    const ref = this.send(`realtime:${topic}`, 'phx_join', { config });
    return { ref, reply: await this.reply(ref) };
  }

  async waitFor(match: (message: RawMessage) => boolean, timeoutMs = 3000): Promise<RawMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error('no such message arrived');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** A heartbeat answered proves the socket and the server are fine. */
  async heartbeat(): Promise<void> {
    const ref = this.send('phoenix', 'heartbeat', {});
    const reply = await this.reply(ref);
    if (reply.status !== 'ok') throw new Error('heartbeat refused');
  }

  close(): void {
    this.ws.terminate();
  }
}
