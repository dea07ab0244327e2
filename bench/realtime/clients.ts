// Websocket clients for the realtime benchmark: bare Phoenix (vsn 1.0.0) sockets opened in batches, and helpers to
// join, send and wait, kept small so that thousands of them fit in the benchmark's process.
import WebSocket from 'ws';

export const now = () => performance.timeOrigin + performance.now();

export function socketUrl(url: string, apikey?: string): string {
  const ws = url.replace('http', 'ws');
  return apikey ? `${ws}/realtime/v1/websocket?apikey=${apikey}&vsn=1.0.0` : ws;
}

export function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Opens `count` sockets, `batch` at a time (a burst of thousands of handshakes would only measure the backlog). */
export async function openMany(url: string, count: number, batch = 200): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i += batch) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - i) }, () => openSocket(url)))));
  }
  return sockets;
}

let refs = 0;

/** Sends a message and resolves to the reply's payload. */
export function request(ws: WebSocket, topic: string, event: string, payload: unknown): Promise<{ status: string }> {
  const ref = String(++refs);
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(data.toString()) as { event: string; ref: string; payload: { status: string } };
      if (message.event === 'phx_reply' && message.ref === ref) {
        ws.off('message', onMessage);
        resolve(message.payload);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ topic, event, payload, ref, join_ref: ref }));
  });
}

export async function joinAll(
  sockets: WebSocket[],
  topicOf: (i: number) => string,
  payloadOf: (i: number) => object = () => ({ config: {} }),
  batch = 200,
): Promise<void> {
  for (let i = 0; i < sockets.length; i += batch) {
    const replies = await Promise.all(
      sockets.slice(i, i + batch).map((ws, j) => request(ws, topicOf(i + j), 'phx_join', payloadOf(i + j))),
    );
    const refused = replies.find((reply) => reply.status !== 'ok');
    if (refused) throw new Error(`a join was refused: ${JSON.stringify(refused)}`);
  }
}

export function closeAll(sockets: WebSocket[]): void {
  for (const ws of sockets) ws.terminate();
}

export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
