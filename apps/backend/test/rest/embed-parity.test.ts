// Embedding as PostgREST resolves it: by a foreign key column or constraint name, a table's key to itself (children
// by the table's name, the parent by the key column), hints, the same table embedded twice, and the suggestions of
// PGRST200.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restHarness, summary, type RestHarness } from './fixture.ts';
import { PARITY_SQL } from './parity-fixture.ts';

let h: RestHarness;
beforeAll(async () => {
  h = await restHarness(`${PARITY_SQL}
    create table public.rest_userz (id int primary key);`);
});
afterAll(() => h.close());

const read = async (path: string) => summary(await h.get(`/rest/v1/${path}`));
const SUPABOT = { username: 'supabot', status: 'ONLINE' };

describe('embedding by a column or constraint name', () => {
  it.each([
    ['rest_user_profiles?select=username(*)&id=eq.1', [{ username: SUPABOT }]],
    ['rest_user_profiles?select=user:username(*)&id=eq.1', [{ user: SUPABOT }]],
    ['rest_user_profiles?select=username(status)&id=eq.2', [{ username: null }]],
    [
      'rest_users?select=username,first_friend_of:rest_best_friends_first_user_fkey(id),third:rest_best_friends_third_wheel_fkey(id)&username=eq.supabot',
      [{ username: 'supabot', first_friend_of: [{ id: 1 }, { id: 2 }], third: [] }],
    ],
    [
      'rest_best_friends?select=id,first:rest_best_friends_first_user_fkey(username),second:rest_users!second_user(username)&id=eq.1',
      [{ id: 1, first: { username: 'supabot' }, second: { username: 'kiwicopple' } }],
    ],
  ])('%s', async (path, body) => {
    expect(await read(path)).toEqual({ status: 200, headers: {}, body });
  });

  it('lists the candidates of an ambiguous embedding in PostgREST order', async () => {
    const answer = await read('rest_best_friends?select=rest_users(*)');
    const relationship = (column: string) => ({
      cardinality: 'many-to-one',
      embedding: 'rest_best_friends with rest_users',
      relationship: `rest_best_friends_${column}_fkey using rest_best_friends(${column}) and rest_users(username)`,
    });
    expect(answer).toEqual({
      status: 300,
      headers: {},
      body: {
        code: 'PGRST201',
        message:
          "Could not embed because more than one relationship was found for 'rest_best_friends' and 'rest_users'",
        details: [relationship('first_user'), relationship('second_user'), relationship('third_wheel')],
        hint: "Try changing 'rest_users' to one of the following: 'rest_users!rest_best_friends_first_user_fkey', 'rest_users!rest_best_friends_second_user_fkey', 'rest_users!rest_best_friends_third_wheel_fkey'. Find the desired relationship in the 'details' key.",
      },
    });
  });
});

describe('a table related to itself', () => {
  const child = (id: number, description: string, parent: number | null) => ({
    id,
    description,
    parent_id: parent,
  });

  it.each([
    [
      'rest_collections?select=*,rest_collections(*)&id=eq.1',
      [{ ...child(1, 'Root', null), rest_collections: [child(2, 'Child A', 1), child(3, 'Child B', 1)] }],
    ],
    [
      'rest_collections?select=*,children:rest_collections!parent_id(id)&id=eq.2',
      [{ ...child(2, 'Child A', 1), children: [{ id: 4 }] }],
    ],
    ['rest_collections?select=id,parent_id(*)&id=eq.2', [{ id: 2, parent_id: child(1, 'Root', null) }]],
    ['rest_collections?select=id,parent:parent_id(description)&id=eq.1', [{ id: 1, parent: null }]],
  ])('%s', async (path, body) => {
    expect(await read(path)).toEqual({ status: 200, headers: {}, body });
  });

  it('answers PGRST200 for a hint that names no child key column', async () => {
    expect(await read('rest_collections?select=*,rest_collections!rest_collections_parent_id_fkey(*)')).toEqual({
      status: 400,
      headers: {},
      body: {
        code: 'PGRST200',
        message: "Could not find a relationship between 'rest_collections' and 'rest_collections' in the schema cache",
        details:
          "Searched for a foreign key relationship between 'rest_collections' and 'rest_collections' using the hint 'rest_collections_parent_id_fkey' in the schema 'public', but no matches were found.",
        hint: null,
      },
    });
  });
});

describe('the same table embedded twice', () => {
  it('answers as PostgreSQL does PostgREST, when two embeddings share a name', async () => {
    expect(await read('rest_best_friends?select=rest_users!first_user(*),rest_users!second_user(*)')).toEqual({
      status: 400,
      headers: {},
      body: {
        code: '42712',
        message: 'table name "rest_best_friends_rest_users_1" specified more than once',
        details: null,
        hint: null,
      },
    });
  });

  it('embeds both under their aliases', async () => {
    expect(
      await read(
        'rest_best_friends?select=a:rest_users!first_user(username),b:rest_users!second_user(username)&id=eq.2',
      ),
    ).toEqual({
      status: 200,
      headers: {},
      body: [{ a: { username: 'supabot' }, b: { username: 'awailas' } }],
    });
  });
});

describe('suggestions', () => {
  it.each([
    ['rest_messages?select=rest_user(*)', "Perhaps you meant 'rest_users' instead of 'rest_user'."],
    ['rest_collections?select=rest_collections!nope(*)', null],
    // A resource without relationships: PostgREST suggests the closest one that has some.
    ['rest_userz?select=rest_messages(*)', "Perhaps you meant 'rest_users' instead of 'rest_userz'."],
  ])('%s: %s', async (path, hint) => {
    expect(await read(path)).toMatchObject({ status: 400, body: { code: 'PGRST200', hint } });
  });
});
