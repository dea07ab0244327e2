// The backend's end of a function's socket, against a stand-in for the function's process: concurrent exchanges each
// get their own answer however the frames interleave, a cancelled exchange hears nothing more, a connection that ends
// fails the exchanges still open, and nothing but the first connection is ever taken.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FunctionChannel, type ExchangeListener, type RequestHead } from './channel.ts';
import {
  encodeFrame,
  encodeJsonFrame,
  encodeWholeFrame,
  FRAME,
  FrameDecoder,
  jsonPayload,
  numberPayload,
} from './deno/frames.ts';

interface Received {
  kind: number;
  id: number;
  payload: Uint8Array;
}

/** The function's side: the frames it received, and a way to answer. */
interface Peer {
  socket: net.Socket;
  received: Received[];
  /** Resolves once `count` frames have arrived. */
  frames(count: number): Promise<Received[]>;
  send(...frames: Uint8Array[]): void;
}

let dir: string;
let socketPath: string;
let channel: FunctionChannel;
let peer: Peer;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'channel-'));
  socketPath = path.join(dir, '1.sock');
  const listening = FunctionChannel.listen(socketPath);
  await listening.listening;
  const socket = net.connect(socketPath);
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  const decoder = new FrameDecoder((kind, id, payload) => {
    received.push({ kind, id, payload: payload.slice() });
    waiters.splice(0).forEach((wake) => wake());
  });
  socket.on('data', (chunk) => decoder.push(chunk));
  const frames = async (count: number) => {
    while (received.length < count) await new Promise<void>((wake) => waiters.push(wake));
    return received.slice(0, count);
  };
  peer = { socket, received, frames, send: (...sent) => socket.write(Buffer.concat(sent)) };
  channel = await listening.channel;
});

afterEach(() => {
  channel.close();
  peer.socket.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** A listener that records what it hears, and resolves `done` at the end of the exchange, however it ends. */
function recorder() {
  const heard: string[] = [];
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve));
  const listener: ExchangeListener = {
    whole: (status, _headers, length, body) => {
      heard.push(`whole ${status} ${length} ${body.toString()}`);
      end();
    },
    head: (status, _headers, length) => void heard.push(`head ${status} ${length}`),
    body: (chunk) => void heard.push(`body ${chunk.toString()}`),
    end: () => {
      heard.push('end');
      end();
    },
    failed: (reason) => {
      heard.push(`failed ${reason}`);
      end();
    },
    credit: (bytes) => void heard.push(`credit ${bytes}`),
    lost: () => {
      heard.push('lost');
      end();
    },
  };
  return { heard, done, listener };
}

const head = (url: string, hasBody = false): RequestHead => ['POST', url, [['host', 'h']], hasBody, 'rid', null];
const text = (value: string) => new TextEncoder().encode(value);

describe('FunctionChannel', () => {
  it('keeps concurrent exchanges apart, however their frames interleave', async () => {
    const a = recorder();
    const b = recorder();
    const c = recorder();
    const ids = [a, b, c].map((r, i) => channel.open(head(`http://h/${i}`, i === 0), r.listener));
    channel.sendBody(ids[0], text('request body'));
    channel.sendEnd(ids[0]);
    const sent = await peer.frames(5);
    expect(sent.map(({ kind, id }) => [kind, id])).toEqual([
      [FRAME.request, ids[0]],
      [FRAME.request, ids[1]],
      [FRAME.request, ids[2]],
      [FRAME.requestBody, ids[0]],
      [FRAME.requestEnd, ids[0]],
    ]);
    expect(jsonPayload(sent[1].payload)).toEqual(head('http://h/1'));

    peer.send(
      encodeJsonFrame(FRAME.head, ids[1], [200, [], -1]),
      encodeJsonFrame(FRAME.head, ids[0], [201, [], -1]),
      encodeFrame(FRAME.responseBody, ids[1], text('one')),
      encodeFrame(FRAME.responseBody, ids[0], text('zero')),
      encodeWholeFrame(ids[2], [202, [], 3], text('two')),
      encodeFrame(FRAME.responseEnd, ids[0]),
      encodeFrame(FRAME.failed, ids[1], text('stream')),
    );
    await Promise.all([a.done, b.done, c.done]);
    expect(a.heard).toEqual(['head 201 -1', 'body zero', 'end']);
    expect(b.heard).toEqual(['head 200 -1', 'body one', 'failed stream']);
    expect(c.heard).toEqual(['whole 202 3 two']);
  });

  it('tells the function of a cancelled exchange, and drops what it still sends for it', async () => {
    const cancelled = recorder();
    const other = recorder();
    const id = channel.open(head('http://h/slow'), cancelled.listener);
    const otherId = channel.open(head('http://h/fast'), other.listener);
    channel.cancel(id);
    const sent = await peer.frames(3);
    expect(sent[2]).toMatchObject({ kind: FRAME.cancel, id });

    peer.send(
      encodeJsonFrame(FRAME.head, id, [200, [], -1]),
      encodeFrame(FRAME.responseEnd, id),
      encodeWholeFrame(otherId, [200, [], 2], text('ok')),
    );
    await other.done;
    expect(cancelled.heard).toEqual([]);
  });

  it('passes on credit for the request body and for the answer', async () => {
    const r = recorder();
    const id = channel.open(head('http://h/upload', true), r.listener);
    channel.sendCredit(id, 65_536);
    const sent = await peer.frames(2);
    expect(sent[1]).toMatchObject({ kind: FRAME.responseCredit, id });
    expect(numberPayload(sent[1].payload)).toBe(65_536);
    const credit = new Uint8Array(4);
    new DataView(credit.buffer).setUint32(0, 1234);
    peer.send(encodeFrame(FRAME.requestCredit, id, credit), encodeWholeFrame(id, [200, [], 0], new Uint8Array()));
    await r.done;
    expect(r.heard).toEqual(['credit 1234', 'whole 200 0 ']);
  });

  it('fails the exchanges still open when the process goes, and any opened after', async () => {
    const open = recorder();
    channel.open(head('http://h/a'), open.listener);
    await peer.frames(1);
    peer.socket.destroy();
    await open.done;
    expect(open.heard).toEqual(['lost']);
    const late = recorder();
    channel.open(head('http://h/b'), late.listener);
    await late.done;
    expect(late.heard).toEqual(['lost']);
    expect(channel.isOpen).toBe(false);
  });

  it('takes the first connection only: nothing else can reach the function', async () => {
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => {
      net
        .connect(socketPath)
        .once('error', resolve)
        .once('connect', () => resolve(new Error('connected')));
    });
    expect(error.code).toMatch(/ENOENT|ECONNREFUSED/);
  });
});
