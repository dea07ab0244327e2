// The backend's end of one function process's socket: requests go out and answers come back as frames (see
// deno/frames.ts), one exchange per request, all interleaved on the one connection. The backend listens on a path of
// its own private folder before the process starts, takes the first connection (made by the bootstrap, before any
// code of the function runs) and stops listening, so nothing else can connect. Frames are written in one batch per
// turn of the event loop: under load, one write carries the requests of many callers.
import net from 'node:net';
import { encodeFrame, encodeJsonFrame, encodeNumberFrame, FRAME, FrameDecoder, wholePayload } from './deno/frames.ts';

/** What the function sends back for one exchange. */
export interface ExchangeListener {
  /** The whole answer at once: `length` is the body's, which is not sent for HEAD. */
  whole(status: number, headers: string[], length: number, body: Buffer): void;
  head(status: number, headers: string[], length: number): void;
  body(chunk: Buffer): void;
  end(): void;
  failed(reason: string): void;
  /** The function read this many more bytes of the request's body. */
  credit(bytes: number): void;
  /** The connection ended (the process is gone) before the exchange did. */
  lost(): void;
}

export type RequestHead = [
  method: string,
  url: string,
  headers: Array<[string, string]>,
  hasBody: boolean,
  requestId: string,
  client: string | null,
];

export class FunctionChannel {
  private readonly exchanges = new Map<number, ExchangeListener>();
  private nextId = 1;
  private queue: Uint8Array[] = [];
  private scheduled = false;
  private closed = false;

  private constructor(private readonly socket: net.Socket) {
    // Payloads are views of the received bytes; as Buffers (no copy) they go to the caller's connection as they are.
    const decoder = new FrameDecoder((kind, id, payload) =>
      this.onFrame(kind, id, Buffer.from(payload.buffer, payload.byteOffset, payload.length)),
    );
    socket.on('data', (chunk: Buffer) => {
      try {
        decoder.push(chunk);
      } catch {
        socket.destroy();
      }
    });
    socket.on('error', () => {});
    socket.once('close', () => {
      this.closed = true;
      const lost = [...this.exchanges.values()];
      this.exchanges.clear();
      for (const listener of lost) listener.lost();
    });
  }

  /**
   * Listens on `path` for the function's process; `channel` resolves with its connection, and rejects once `abandon`
   * is called first (the process ended before connecting).
   */
  static listen(path: string): { listening: Promise<void>; channel: Promise<FunctionChannel>; abandon(): void } {
    const server = net.createServer();
    let abandon!: () => void;
    const channel = new Promise<FunctionChannel>((resolve, reject) => {
      server.once('connection', (socket) => {
        server.close();
        socket.setNoDelay(true);
        resolve(new FunctionChannel(socket));
      });
      abandon = () => {
        server.close();
        reject(new Error('the function process did not connect'));
      };
    });
    channel.catch(() => {});
    const listening = new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, resolve);
    });
    return { listening, channel, abandon };
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Starts an exchange: the request's head goes out, `listener` hears the answer. */
  open(head: RequestHead, listener: ExchangeListener): number {
    const id = this.nextId;
    this.nextId = id === 0xffffffff ? 1 : id + 1;
    if (this.closed) {
      queueMicrotask(() => listener.lost());
      return id;
    }
    this.exchanges.set(id, listener);
    this.send(encodeJsonFrame(FRAME.request, id, head));
    return id;
  }

  sendBody(id: number, chunk: Uint8Array): void {
    this.send(encodeFrame(FRAME.requestBody, id, chunk));
  }

  sendEnd(id: number): void {
    this.send(encodeFrame(FRAME.requestEnd, id));
  }

  /** The answer's body bytes passed on to the caller. */
  sendCredit(id: number, bytes: number): void {
    this.send(encodeNumberFrame(FRAME.responseCredit, id, bytes));
  }

  /** Ends the exchange from this side: the function is told to stop, and whatever else it sends is dropped. */
  cancel(id: number): void {
    if (this.exchanges.delete(id)) this.send(encodeFrame(FRAME.cancel, id));
  }

  close(): void {
    this.socket.destroy();
  }

  private send(frame: Uint8Array): void {
    if (this.closed) return;
    this.queue.push(frame);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    const frames = this.queue;
    this.queue = [];
    if (this.closed) return;
    this.socket.write(frames.length === 1 ? frames[0] : Buffer.concat(frames));
  }

  private onFrame(kind: number, id: number, payload: Buffer): void {
    const listener = this.exchanges.get(id);
    if (!listener) return;
    switch (kind) {
      case FRAME.head: {
        const [status, headers, length] = JSON.parse(payload.toString()) as [number, string[], number];
        return listener.head(status, headers, length);
      }
      case FRAME.whole: {
        this.exchanges.delete(id);
        const { head, body } = wholePayload(payload);
        const [status, headers, length] = head as [number, string[], number];
        return listener.whole(status, headers, length, body as Buffer);
      }
      case FRAME.responseBody:
        return listener.body(payload);
      case FRAME.responseEnd:
        this.exchanges.delete(id);
        return listener.end();
      case FRAME.failed:
        this.exchanges.delete(id);
        return listener.failed(payload.toString());
      case FRAME.requestCredit:
        return listener.credit(payload.readUInt32BE(0));
    }
  }
}
