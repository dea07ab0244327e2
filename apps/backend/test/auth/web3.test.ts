// POST /token?grant_type=web3 (supabase-js signInWithWeb3): a wallet's signature over a Sign-In with Ethereum or
// Solana message signs in the account of identity web3:<chain>:<address>, made for this site and valid now; GoTrue's
// refusals, the [auth.web3] switches, the web3 rate limit and the before-user-created hook.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.ts';
import { createHarness, type Harness } from '../harness.ts';
import { API_2024, call, decodeClaims, supabaseJs, withConfig } from './helpers.ts';
import { ethereumWallet, solanaWallet } from './web3-wallets.ts';

let h: Harness;
let web3: Harness;
const enable = (chains: Array<'ethereum' | 'solana'>) => (config: Config) => {
  for (const chain of chains) config.project.auth.web3[chain].enabled = true;
};

beforeAll(async () => {
  h = await createHarness();
  web3 = withConfig(h, enable(['ethereum', 'solana']));
});
afterAll(() => h.close());

const signIn = (target: Harness, body: Record<string, unknown>) =>
  call(target, 'POST', '/token?grant_type=web3', { body });
const invalidGrant = (description: string) => ({
  status: 400,
  body: { error: 'invalid_grant', error_description: description },
});
const minutes = (n: number) => new Date(Date.now() + n * 60_000);

describe('web3 grant', () => {
  it('signs an Ethereum wallet in, creating its account on the first sign-in and finding it afterwards', async () => {
    const wallet = ethereumWallet();
    const message = wallet.message({ statement: 'Sign in to Teamplan' });
    const first = await signIn(web3, { chain: 'ethereum', message, signature: wallet.sign(message) });
    expect(first.status).toBe(200);
    const subject = `web3:ethereum:${wallet.address}`;
    expect(first.body.user).toMatchObject({
      email: '',
      app_metadata: { provider: 'web3', providers: ['web3'] },
      identities: [
        {
          provider: 'web3',
          id: subject,
          identity_data: {
            sub: subject,
            custom_claims: {
              address: wallet.address,
              chain: 'ethereum',
              network: '1',
              domain: 'localhost:3000',
              statement: 'Sign in to Teamplan',
            },
            email_verified: false,
            phone_verified: false,
          },
        },
      ],
    });
    expect(decodeClaims(first.body.access_token).amr).toEqual([{ method: 'web3', timestamp: expect.any(Number) }]);

    // The same wallet with its address in checksum letter case is the same identity.
    const mixedCase = wallet.message().replace(wallet.address, `0x${wallet.address.slice(2).toUpperCase()}`);
    const again = await signIn(web3, { chain: 'ethereum', message: mixedCase, signature: wallet.sign(mixedCase) });
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(first.body.user.id);
  });

  it('signs a Solana wallet in with an ed25519 signature over the message', async () => {
    const wallet = solanaWallet();
    const message = wallet.message({ chainId: 'devnet' });
    const result = await signIn(web3, { chain: 'solana', message, signature: wallet.sign(message) });
    expect(result.status).toBe(200);
    expect(result.body.user.identities[0]).toMatchObject({
      id: `web3:solana:${wallet.address}`,
      identity_data: { custom_claims: { address: wallet.address, chain: 'solana', network: 'devnet', statement: '' } },
    });
    const unpadded = wallet.sign(message).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const again = await signIn(web3, { chain: 'solana', message, signature: unpadded });
    expect(again.body.user.id).toBe(result.body.user.id);
  });

  it('refuses a signature by another key than the address in the message', async () => {
    const [wallet, other] = [ethereumWallet(), ethereumWallet()];
    const message = wallet.message();
    expect(await signIn(web3, { chain: 'ethereum', message, signature: other.sign(message) })).toEqual(
      expect.objectContaining(invalidGrant('Signature does not match address in message')),
    );
    const solana = solanaWallet();
    const solanaMessage = solana.message();
    const forged = solanaWallet().sign(solanaMessage);
    expect(await signIn(web3, { chain: 'solana', message: solanaMessage, signature: forged })).toMatchObject(
      invalidGrant('Signature does not match address in message'),
    );
  });

  it('refuses chains that are not enabled or not supported', async () => {
    const wallet = solanaWallet();
    const message = wallet.message();
    const body = { chain: 'solana', message, signature: wallet.sign(message) };
    expect(await signIn(h, body)).toMatchObject({
      status: 422,
      body: { code: 'web3_provider_disabled', message: 'Web3 provider is disabled' },
    });
    expect(await signIn(withConfig(h, enable(['ethereum'])), body)).toMatchObject({
      status: 422,
      body: { code: 'web3_provider_disabled', message: 'Solana Web3 provider is disabled' },
    });
    expect(await signIn(web3, { ...body, chain: 'bitcoin' })).toMatchObject({
      status: 400,
      body: { code: 'web3_unsupported_chain', message: 'Unsupported chain' },
    });
  });

  it('refuses malformed messages and signatures with a validation error saying what is wrong', async () => {
    const wallet = ethereumWallet();
    const message = wallet.message();
    const signature = wallet.sign(message);
    const refused = async (body: Record<string, unknown>) => (await signIn(web3, { chain: 'ethereum', ...body })).body;
    expect(await refused({ message: 'too short', signature })).toEqual({
      code: 'validation_failed',
      message: 'message is too short',
    });
    expect((await refused({ message, signature: '0x1234' })).message).toBe(
      'signature must be 65 bytes long, encoded as a 130 character-long hexadecimal string',
    );
    const wrongHeader = message.replace('Ethereum account', 'Bitcoin account');
    expect((await refused({ message: wrongHeader, signature })).message).toBe(
      'siwe: message first line does not end in " wants you to sign in with your Ethereum account:"',
    );
    const badChain = wallet.message({ chainId: '0' });
    expect((await refused({ message: badChain, signature: wallet.sign(badChain) })).message).toBe(
      'siwe: Chain ID is not valid',
    );
    const solana = solanaWallet().message();
    expect((await signIn(web3, { chain: 'solana', message: solana, signature: 'abc' })).body.message).toBe(
      'signature must be 64 bytes encoded as base64 with or without padding',
    );
  });

  it('refuses a message made for another site or not valid now', async () => {
    const wallet = ethereumWallet();
    const site = withConfig(h, (config) => {
      enable(['ethereum'])(config);
      config.project.auth.site_url = 'https://teamplan.example';
      config.project.auth.additional_redirect_urls = ['https://partner.example/**'];
    });
    const refusalOf = async (fields: Parameters<typeof wallet.message>[0]) => {
      const message = wallet.message(fields);
      return signIn(site, { chain: 'ethereum', message, signature: wallet.sign(message) });
    };
    const here = { domain: 'teamplan.example', uri: 'https://teamplan.example/login' };
    expect((await refusalOf(here)).status).toBe(200);
    expect(await refusalOf({ domain: 'teamplan.example', uri: 'http://teamplan.example/' })).toMatchObject(
      invalidGrant('Signed Ethereum message is using URI which does not use HTTPS'),
    );
    expect(await refusalOf({ domain: 'evil.example', uri: 'https://evil.example/' })).toMatchObject(
      invalidGrant(
        'Signed Ethereum message is using URI which is not allowed on this server, message was signed for another app',
      ),
    );
    expect(await refusalOf({ domain: 'evil.example', uri: 'https://teamplan.example/' })).toMatchObject(
      invalidGrant(
        'Signed Ethereum message is using a Domain that does not match the one in URI which is not allowed on this server',
      ),
    );
    expect(await refusalOf({ ...here, issuedAt: minutes(-11) })).toMatchObject(
      invalidGrant('Ethereum message was issued too long ago'),
    );
    expect(await refusalOf({ ...here, issuedAt: minutes(11) })).toMatchObject(
      invalidGrant('Ethereum message was issued too far in the future'),
    );
    expect(await refusalOf({ ...here, issuedAt: minutes(-2), expirationTime: minutes(-1) })).toMatchObject(
      invalidGrant('Signed Ethereum message is expired'),
    );
    expect(await refusalOf({ ...here, notBefore: minutes(2), expirationTime: minutes(5) })).toMatchObject(
      invalidGrant('Signed Ethereum message becomes valid in the future'),
    );
  });

  it('draws on the web3 rate limit of the client address', async () => {
    const limited = withConfig(h, (config) => {
      enable(['ethereum'])(config);
      config.project.auth.rate_limit.web3 = 2;
    });
    const wallet = ethereumWallet();
    const message = wallet.message();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await limited.app.request(
        'http://127.0.0.1/auth/v1/token?grant_type=web3',
        {
          method: 'POST',
          headers: { ...API_2024, apikey: h.keys.anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({ chain: 'ethereum', message, signature: wallet.sign(message) }),
        },
        { incoming: { socket: { remoteAddress: '203.0.113.7' } } },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('signs in through supabase-js signInWithWeb3 with a message and signature', async () => {
    const supabase = supabaseJs(web3);
    const wallet = ethereumWallet();
    const message = wallet.message();
    const { data, error } = await supabase.auth.signInWithWeb3({
      chain: 'ethereum',
      message,
      signature: wallet.sign(message) as `0x${string}`,
    });
    expect(error).toBeNull();
    expect(data.user?.identities?.[0].id).toBe(`web3:ethereum:${wallet.address}`);
  });
});

describe('web3 grant and the before-user-created hook', () => {
  let hooked: Harness;
  beforeAll(async () => {
    await h.db.exec(`
      create table public.test_web3_hook_events (event jsonb not null);
      create function public.test_web3_before_user_created(event jsonb) returns jsonb language plpgsql as $$
      begin
        insert into public.test_web3_hook_events (event) values (event);
        if event->'user'->'user_metadata'->'custom_claims'->>'statement' = 'let me in' then
          return jsonb_build_object('error', jsonb_build_object('http_code', 403, 'message', 'Wallets need an invitation.'));
        end if;
        return '{}'::jsonb;
      end $$;
    `);
    hooked = withConfig(h, (config) => {
      enable(['ethereum'])(config);
      config.project.auth.hook.before_user_created = {
        enabled: true,
        uri: 'pg-functions://postgres/public/test_web3_before_user_created',
        secrets: '',
      };
    });
  });

  it('asks the hook before the first sign-in creates the account, and answers with its refusal', async () => {
    const wallet = ethereumWallet();
    const message = wallet.message();
    const result = await signIn(hooked, { chain: 'ethereum', message, signature: wallet.sign(message) });
    expect(result.status).toBe(200);
    const { rows } = await h.db.query<{ event: Record<string, any> }>(
      `select event from public.test_web3_hook_events where event->'user'->'user_metadata'->>'sub' = $1`,
      [`web3:ethereum:${wallet.address}`],
    );
    expect(rows.map((row) => row.event.user)).toEqual([
      expect.objectContaining({
        id: result.body.user.id,
        email: '',
        app_metadata: { provider: 'web3', providers: ['web3'] },
      }),
    ]);

    const refusedWallet = ethereumWallet();
    const refusedMessage = refusedWallet.message({ statement: 'let me in' });
    const refused = await signIn(hooked, {
      chain: 'ethereum',
      message: refusedMessage,
      signature: refusedWallet.sign(refusedMessage),
    });
    expect(refused).toMatchObject({ status: 403, body: { message: 'Wallets need an invitation.' } });
    const identities = await h.db.query('select 1 from auth.identities where provider_id = $1', [
      `web3:ethereum:${refusedWallet.address}`,
    ]);
    expect(identities.rows).toHaveLength(0);
  });
});
