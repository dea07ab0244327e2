// The channel's JWT: an expired one is refused at join; one that expires while joined closes the channel with
// Realtime's system message; a refreshed one (setAuth, the access_token push) keeps the channel open, unless it does
// not verify.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Inbox, sleep, startRealtimeBackend, subscribed, until, type RealtimeBackend, STARTUP_MS } from './backend.ts';
import { RawSocket } from './raw-socket.ts';

let rb: RealtimeBackend;
beforeAll(async () => {
  rb = await startRealtimeBackend();
}, STARTUP_MS);
afterAll(() => rb.stop());

const token = (seconds: number) =>
  rb.backend.deps.keys.sign({ role: 'authenticated', sub: crypto.randomUUID() }, seconds);

it('refuses a join with an expired token', async () => {
  const client = rb.client();
  await client.realtime.setAuth(await token(-5));
  await expect(subscribed(client.channel('expired'))).rejects.toThrow(
    /InvalidJWTToken: Token has expired \d+ seconds ago/,
  );
});

it('refuses a join with a token that is not a JWT', async () => {
  const client = rb.client();
  await client.realtime.setAuth('not-a-token');
  await expect(subscribed(client.channel('malformed'))).rejects.toThrow(
    'MalformedJWT: The token provided is not a valid JWT',
  );
});

it('closes a channel whose token expires, with a system message', async () => {
  const client = rb.client();
  await client.realtime.setAuth(await token(3));
  const system = new Inbox<{ message: string; status: string; extension: string }>();
  const statuses: string[] = [];
  const channel = client.channel('expiring').on('system', {}, system.push);
  await new Promise<void>((resolve) =>
    channel.subscribe((status) => {
      statuses.push(status);
      if (status === 'SUBSCRIBED') resolve();
    }),
  );
  const [message] = await system.next(1, 8000);
  expect(message).toMatchObject({ extension: 'system', status: 'error', channel: 'expiring' });
  expect(message!.message).toMatch(/^Token has expired \d+ seconds ago$/);
  await until(() => statuses.includes('CLOSED'), 2000, 'the channel closing');
});

it('keeps a channel open once its token is refreshed', async () => {
  const client = rb.client();
  await client.realtime.setAuth(await token(3));
  const inbox = new Inbox();
  const system = new Inbox();
  const channel = client.channel('refreshed').on('broadcast', { event: '*' }, inbox.push).on('system', {}, system.push);
  await subscribed(channel);
  await client.realtime.setAuth(await token(3600));
  await sleep(3500);
  expect(system.items).toEqual([]);
  await subscribed(rb.client().channel('refreshed')).then((sender) =>
    sender.send({ type: 'broadcast', event: 'still-here', payload: {} }),
  );
  await inbox.next(1);
});

it('closes a channel sent a refreshed token whose signature does not verify, as Realtime words it', async () => {
  const client = rb.client();
  const valid = await token(3600);
  await client.realtime.setAuth(valid);
  const system = new Inbox<{ message: string; status: string; extension: string }>();
  const statuses: string[] = [];
  const channel = client.channel('forged').on('system', {}, system.push);
  await new Promise<void>((resolve) =>
    channel.subscribe((status) => {
      statuses.push(status);
      if (status === 'SUBSCRIBED') resolve();
    }),
  );
  // Another token's signature under this token's header and claims.
  const [header, claims] = (await token(3600)).split('.');
  await client.realtime.setAuth(`${header}.${claims}.${valid.split('.')[2]}`);
  const [message] = await system.next(1);
  expect(message).toEqual({ extension: 'system', status: 'error', message: ':signature_error', channel: 'forged' });
  await until(() => statuses.includes('CLOSED'), 2000, 'the channel closing');
});

it("reads a join's user_token before its access_token", async () => {
  const socket = await RawSocket.open(rb.url, rb.backend.deps.keys.anonKey);
  try {
    const ref = socket.send('realtime:older-clients', 'phx_join', {
      config: {},
      user_token: await token(-5),
      access_token: await token(3600),
    });
    const reply = await socket.reply(ref);
    expect(reply.status).toBe('error');
    expect(reply.response?.reason).toMatch(/^InvalidJWTToken: Token has expired \d+ seconds ago$/);
  } finally {
    socket.close();
  }
});

it('tells the client again where its postgres_changes stand once a refreshed token subscribes them anew', async () => {
  const client = rb.client();
  await client.realtime.setAuth(await token(3600));
  const system = new Inbox<{ extension: string; status: string; message: string }>();
  const channel = client
    .channel('changes-refreshed')
    .on('postgres_changes', { event: '*', schema: 'public', table: 'nowhere' }, () => {})
    .on('system', {}, system.push);
  await subscribed(channel);
  const [first] = await system.next(1);
  expect(first).toMatchObject({ extension: 'postgres_changes', status: 'error' });
  await client.realtime.setAuth(await token(3600));
  const [, again] = await system.next(2);
  expect(again).toEqual(first);
});
