// supabase-js with the opaque API keys of a listening backend, as with hosted Supabase: the publishable key for a
// browser or an app (acts as anon; a signed-in user's own token takes over), the secret key for a server (acts as
// service_role, admin API included).
import type { SupabaseClient } from '@supabase/supabase-js';
import { createNodeClient } from '@teamplan/supabase-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJsBackend, type JsBackend } from './rest/js-backend.ts';

let js: JsBackend;
beforeAll(async () => {
  js = await startJsBackend(`
    create table public.key_notes (
      id serial primary key,
      owner uuid not null default auth.uid(),
      body text not null
    );
    alter table public.key_notes enable row level security;
    create policy "people read their own notes" on public.key_notes for select to authenticated
      using (owner = (select auth.uid()));
    create policy "people add their own notes" on public.key_notes for insert to authenticated
      with check (owner = (select auth.uid()));
    grant usage on sequence public.key_notes_id_seq to authenticated;
    notify pgrst, 'reload schema';
  `);
});
afterAll(() => js.stop());

function clientWith(key: string): SupabaseClient {
  return createNodeClient(js.backend.url, key);
}

const email = () => `keys-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

describe('the publishable key', () => {
  it('signs up, then reads and writes as that user under row level security', async () => {
    const supabase = clientWith(js.backend.deps.keys.publishableKey);
    const signUp = await supabase.auth.signUp({ email: email(), password: 'Sturdy-pass-42' });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).not.toBeNull();

    expect((await supabase.from('key_notes').insert({ body: 'mine' })).error).toBeNull();
    const read = await supabase.from('key_notes').select('body');
    expect(read.error).toBeNull();
    expect(read.data).toEqual([{ body: 'mine' }]);
  });

  it('reads as anon without a session, and cannot use the admin API', async () => {
    const supabase = clientWith(js.backend.deps.keys.publishableKey);
    // No policy lets anon read a note: none are visible.
    const read = await supabase.from('key_notes').select('body');
    expect(read).toMatchObject({ error: null, data: [] });
    const admin = await supabase.auth.admin.listUsers();
    expect(admin.error?.status).toBe(403);
  });
});

describe('the secret key', () => {
  it('calls the admin API and reads past row level security as service_role', async () => {
    const supabase = clientWith(js.backend.deps.keys.secretKey);
    const created = await supabase.auth.admin.createUser({
      email: email(),
      password: 'Sturdy-pass-42',
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    const listed = await supabase.auth.admin.listUsers();
    expect(listed.error).toBeNull();
    expect(listed.data.users.map((user) => user.id)).toContain(created.data.user!.id);

    const read = await supabase.from('key_notes').select('body');
    expect(read.error).toBeNull();
    expect(read.data).toEqual(expect.arrayContaining([{ body: 'mine' }]));
  });

  it('is refused when it is not the project’s', async () => {
    const supabase = clientWith(`${js.backend.deps.keys.secretKey.slice(0, -4)}AAAA`);
    const read = await supabase.from('key_notes').select('body');
    expect(read.error).toMatchObject({ message: 'Invalid API key' });
  });
});
