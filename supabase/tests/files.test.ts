// Files through the Storage API as real users: avatars (own folder only, members read), the organization's logo (user
// managers write, anyone reads), project files (project managers write, members read), and what removing a
// project, a member or an avatar takes with it.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../apps/backend/test/harness.ts';
import { castRoles, type Role } from './roles.ts';

let h: Harness;
let service: SupabaseClient;
let clients: Record<Role, SupabaseClient>;
let ids: Record<Role, string>;
let newAccount: (label: string) => Promise<{ client: SupabaseClient; id: string }>;

// A real PNG (1x1), so the image buckets' check of the first bytes passes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const png = () => new Blob([PNG], { type: 'image/png' });
const text = (body: string) => new Blob([body], { type: 'text/plain' });

const objectNames = async (bucket: string, prefix: string) =>
  (
    await h.db.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 and name like $2 order by name',
      [bucket, `${prefix}%`],
    )
  ).rows.map((row) => row.name);

beforeAll(async () => {
  h = await createHarness();
  ({ service, clients, ids, newAccount } = await castRoles(h));
}, 120_000);
afterAll(() => h.close());

describe('avatars', () => {
  it('a member uploads, replaces and removes an avatar only in their own folder', async () => {
    const avatars = clients.member.storage.from('avatars');
    const own = `${ids.member}/a.png`;
    expect((await avatars.upload(own, png())).error).toBeNull();
    expect((await avatars.upload(own, png(), { upsert: true })).error).toBeNull();

    const elsewhere = await avatars.upload(`${ids.usersManager}/a.png`, png());
    expect(elsewhere.error?.message).toBe('new row violates row-level security policy');
    expect((await avatars.upload('a.png', png())).error).not.toBeNull();

    await service.storage.from('avatars').upload(`${ids.usersManager}/theirs.png`, png());
    const removed = await avatars.remove([`${ids.usersManager}/theirs.png`]);
    expect(removed.data).toEqual([]);
    expect(await objectNames('avatars', `${ids.usersManager}/`)).toEqual([`${ids.usersManager}/theirs.png`]);
    expect((await avatars.remove([own])).data).toHaveLength(1);
  });

  it('members read every avatar; a non-member and a visitor read none', async () => {
    await service.storage.from('avatars').upload(`${ids.projectsManager}/p.png`, png(), { upsert: true });
    const signed = await clients.member.storage.from('avatars').createSignedUrls([`${ids.projectsManager}/p.png`], 60);
    expect(signed.error).toBeNull();
    expect(signed.data![0].signedUrl).toContain('/object/sign/avatars/');
    expect((await clients.member.storage.from('avatars').download(`${ids.projectsManager}/p.png`)).error).toBeNull();

    for (const role of ['nonMember', 'anonymous'] as const) {
      const download = await clients[role].storage.from('avatars').download(`${ids.projectsManager}/p.png`);
      expect(download.error, role).not.toBeNull();
      const single = await clients[role].storage.from('avatars').createSignedUrl(`${ids.projectsManager}/p.png`, 60);
      expect(single.error, role).not.toBeNull();
    }
  });

  it('a non-member cannot upload an avatar, even in their own folder', async () => {
    const upload = await clients.nonMember.storage.from('avatars').upload(`${ids.nonMember}/a.png`, png());
    expect(upload.error).not.toBeNull();
  });

  it('the avatar bucket takes only images', async () => {
    const upload = await clients.member.storage.from('avatars').upload(`${ids.member}/a.txt`, text('hello'));
    expect(upload.error).not.toBeNull();
  });

  it('a profile points only into its own folder, and a new avatar deletes the one it replaces', async () => {
    const avatars = clients.member.storage.from('avatars');
    await avatars.upload(`${ids.member}/1.png`, png());
    await clients.member
      .from('profiles')
      .update({ avatar_path: `${ids.member}/1.png` })
      .eq('id', ids.member);
    await avatars.upload(`${ids.member}/2.png`, png());
    const changed = await clients.member
      .from('profiles')
      .update({ avatar_path: `${ids.member}/2.png` })
      .eq('id', ids.member);
    expect(changed.error).toBeNull();
    expect(await objectNames('avatars', `${ids.member}/`)).toEqual([`${ids.member}/2.png`]);

    const foreign = await clients.member
      .from('profiles')
      .update({ avatar_path: `${ids.projectsManager}/p.png` })
      .eq('id', ids.member);
    expect(foreign.error?.code).toBe('23514');

    await clients.member.from('profiles').update({ avatar_path: null }).eq('id', ids.member).throwOnError();
    expect(await objectNames('avatars', `${ids.member}/`)).toEqual([]);
  });

  it('removing a member removes their avatar and keeps the files they uploaded', async () => {
    const { client, id } = await newAccount('leaver');
    await service.from('organization_users').update({ can_manage_projects: true }).eq('user_id', id).throwOnError();
    const { data: project } = await service.from('projects').insert({ name: 'Kept' }).select('id').single();
    await client.storage.from('avatars').upload(`${id}/me.png`, png());
    await client
      .from('profiles')
      .update({ avatar_path: `${id}/me.png` })
      .eq('id', id)
      .throwOnError();
    expect((await client.storage.from('project-files').upload(`${project!.id}/plan.txt`, text('x'))).error).toBeNull();

    await clients.usersManager.from('organization_users').delete().eq('user_id', id).throwOnError();
    expect(await objectNames('avatars', `${id}/`)).toEqual([]);
    const profile = await service.from('profiles').select('avatar_path').eq('id', id).single();
    expect(profile.data!.avatar_path).toBeNull();
    const files = await clients.member.rpc('project_files', { p_project_id: project!.id });
    expect(files.data).toMatchObject([{ name: 'plan.txt', uploaded_by: id, size: 1 }]);
  });
});

describe('the organization logo', () => {
  it('user managers upload it; anyone downloads it from the public bucket', async () => {
    const logos = clients.usersManager.storage.from('logos');
    expect((await logos.upload('logo-1.png', png())).error).toBeNull();
    await clients.usersManager
      .from('organization')
      .update({ logo_path: 'logo-1.png' })
      .not('id', 'is', null)
      .throwOnError();

    const { data: path } = await clients.anonymous.rpc('organization_logo');
    expect(path).toBe('logo-1.png');
    const url = clients.anonymous.storage.from('logos').getPublicUrl(path as string).data.publicUrl;
    const response = await h.app.request(url.replace('http://127.0.0.1:54321', 'http://127.0.0.1'));
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
  });

  it('others cannot write it', async () => {
    for (const role of ['member', 'projectsManager', 'nonMember', 'anonymous'] as const) {
      const upload = await clients[role].storage.from('logos').upload(`logo-${role}.png`, png());
      expect(upload.error, role).not.toBeNull();
      expect((await clients[role].storage.from('logos').remove(['logo-1.png'])).data ?? [], role).toEqual([]);
    }
    expect(await objectNames('logos', '')).toEqual(['logo-1.png']);
  });

  it('a new logo deletes the old one', async () => {
    await clients.usersManager.storage.from('logos').upload('logo-2.png', png());
    await clients.usersManager
      .from('organization')
      .update({ logo_path: 'logo-2.png' })
      .not('id', 'is', null)
      .throwOnError();
    expect(await objectNames('logos', '')).toEqual(['logo-2.png']);
  });
});

describe('project files', () => {
  let projectId: string;
  beforeAll(async () => {
    const { data } = await service.from('projects').insert({ name: 'Files' }).select('id').single();
    projectId = data!.id;
  });

  it('a project manager uploads, renames and deletes', async () => {
    const files = clients.projectsManager.storage.from('project-files');
    expect((await files.upload(`${projectId}/brief.txt`, text('brief'))).error).toBeNull();
    expect((await files.move(`${projectId}/brief.txt`, `${projectId}/Brief v2.txt`)).error).toBeNull();
    const listed = await clients.member.rpc('project_files', { p_project_id: projectId });
    expect(listed.data).toMatchObject([
      { name: 'Brief v2.txt', size: 5, mime_type: 'text/plain', uploaded_by: ids.projectsManager },
    ]);
    expect(listed.data![0].uploader_name).toMatch(/^projectsManager/);
    expect((await files.remove([`${projectId}/Brief v2.txt`])).data).toHaveLength(1);
  });

  it('a member without the permission cannot upload, rename or delete; members download', async () => {
    await service.storage.from('project-files').upload(`${projectId}/spec.txt`, text('spec'));
    const files = clients.member.storage.from('project-files');
    const upload = await files.upload(`${projectId}/mine.txt`, text('x'));
    expect(upload.error?.message).toBe('new row violates row-level security policy');
    expect((await files.move(`${projectId}/spec.txt`, `${projectId}/renamed.txt`)).error).not.toBeNull();
    expect((await files.remove([`${projectId}/spec.txt`])).data).toEqual([]);
    const download = await files.download(`${projectId}/spec.txt`);
    expect(await download.data!.text()).toBe('spec');
    expect(await objectNames('project-files', `${projectId}/`)).toEqual([`${projectId}/spec.txt`]);
  });

  it('outsiders see nothing', async () => {
    for (const role of ['nonMember', 'anonymous'] as const) {
      const download = await clients[role].storage.from('project-files').download(`${projectId}/spec.txt`);
      expect(download.error, role).not.toBeNull();
      const listed = await clients[role].rpc('project_files', { p_project_id: projectId });
      expect(listed.data ?? [], role).toEqual([]);
    }
  });

  it('files go only into the folder of an existing project', async () => {
    const files = clients.projectsManager.storage.from('project-files');
    expect((await files.upload('loose.txt', text('x'))).error).not.toBeNull();
    expect((await files.upload(`${crypto.randomUUID()}/x.txt`, text('x'))).error).not.toBeNull();
  });

  it('deleting a project deletes its files', async () => {
    await clients.projectsManager.from('projects').delete().eq('id', projectId).throwOnError();
    expect(await objectNames('project-files', `${projectId}/`)).toEqual([]);
    const queued = await h.db.query<{ count: number }>('select count(*)::int as count from _backend.storage_garbage');
    expect(queued.rows[0].count).toBeGreaterThan(0);
  });
});
