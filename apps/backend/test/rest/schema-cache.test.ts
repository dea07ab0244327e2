// The schema cache as read from the catalog: relations, column types and defaults, keys, foreign keys, functions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/types.ts';
import { loadSchemaCache } from '../../src/rest/schema/load.ts';
import { relationshipsBetween } from '../../src/rest/schema/relationships.ts';
import type { SchemaCache } from '../../src/rest/schema/types.ts';
import { findRoutines, findTable } from '../../src/rest/schema/types.ts';
import { openScratchDb } from '../harness.ts';

let db: Db;
let drop: () => Promise<void>;
let cache: SchemaCache;

beforeAll(async () => {
  ({ db, drop } = await openScratchDb());
  await db.exec(`
    create schema api;
    create schema hidden;
    create type api.mood as enum ('happy', 'sad');
    create table api.people (id serial primary key, name varchar(40) not null, mood api.mood, tags text[], score numeric(5,2) default 1.5);
    create table api.pets (id int, owner_id int references api.people (id), kind text default 'cat', primary key (id));
    create table api.passports (person_id int primary key references api.people (id), number text);
    create table api.clubs (id int primary key);
    create table api.memberships (person_id int references api.people (id), club_id int references api.clubs (id), primary key (person_id, club_id));
    create view api.cat_owners as select p.id, p.name from api.people p join api.pets on pets.owner_id = p.id;
    create view api.renamed as select id as person, name from api.people;
    create table hidden.secrets (id int primary key);
    create function api.greet(name text, punctuation text default '!') returns text language sql stable as $$ select 'hi ' || name || punctuation $$;
    create function api.adopt(pet int) returns setof api.pets language sql as $$ select * from api.pets where id = pet $$;
    create function api.nothing() returns void language sql as $$ select $$;
  `);
  cache = await loadSchemaCache(db, ['api']);
});
afterAll(() => drop());

describe('loadSchemaCache', () => {
  it('reads the exposed schemas only', () => {
    expect(findTable(cache, 'api', 'people')).toBeDefined();
    expect(findTable(cache, 'hidden', 'secrets')).toBeUndefined();
  });

  it('reads columns with types usable in a column definition list, nullability and defaults', () => {
    expect(findTable(cache, 'api', 'people')).toMatchObject({
      isView: false,
      insertable: true,
      primaryKey: ['id'],
      columns: [
        { name: 'id', type: 'integer', nullable: false, default: "nextval('api.people_id_seq'::regclass)" },
        { name: 'name', type: 'character varying(40)', nullable: false, default: null },
        { name: 'mood', type: 'api.mood', nullable: true, default: null },
        { name: 'tags', type: 'text[]', nullable: true, default: null },
        { name: 'score', type: 'numeric(5,2)', nullable: true, default: '1.5' },
      ],
    });
  });

  it('knows views, whether they can be written, and the key of the table they show', () => {
    expect(findTable(cache, 'api', 'cat_owners')).toMatchObject({
      isView: true,
      insertable: false,
      primaryKey: ['id'],
    });
    expect(findTable(cache, 'api', 'renamed')).toMatchObject({ isView: true, insertable: true, primaryKey: [] });
  });

  it('relates views through the foreign keys of the tables they show', () => {
    const owners = { schema: 'api', name: 'cat_owners' };
    expect(
      relationshipsBetween(cache, owners, { schema: 'api', name: 'pets' }).map((r) => [r.cardinality, r.columns]),
    ).toEqual([['one-to-many', [['id', 'owner_id']]]]);
    expect(relationshipsBetween(cache, { schema: 'api', name: 'pets' }, owners).map((r) => r.cardinality)).toEqual([
      'many-to-one',
    ]);
    expect(relationshipsBetween(cache, { schema: 'api', name: 'renamed' }, { schema: 'api', name: 'pets' })).toEqual(
      [],
    );
  });

  it('derives relationships from foreign keys', () => {
    const people = { schema: 'api', name: 'people' };
    const cardinalities = (target: string) =>
      relationshipsBetween(cache, people, { schema: 'api', name: target }).map((r) => r.cardinality);
    expect(cardinalities('pets')).toEqual(['one-to-many']);
    expect(cardinalities('passports')).toEqual(['one-to-one']);
    expect(cardinalities('clubs')).toEqual(['many-to-many']);
    expect(relationshipsBetween(cache, { schema: 'api', name: 'pets' }, people).map((r) => r.cardinality)).toEqual([
      'many-to-one',
    ]);
  });

  it('reads functions: parameters with defaults, and what they return', () => {
    expect(findRoutines(cache, 'api', 'greet')).toEqual([
      {
        schema: 'api',
        name: 'greet',
        volatility: 'stable',
        params: [
          { name: 'name', type: 'text', required: true, variadic: false },
          { name: 'punctuation', type: 'text', required: false, variadic: false },
        ],
        returns: { set: false, kind: 'scalar', type: 'text' },
      },
    ]);
    expect(findRoutines(cache, 'api', 'adopt')[0].returns).toEqual({
      set: true,
      kind: 'composite',
      relation: { schema: 'api', name: 'pets' },
      type: 'api.pets',
    });
    expect(findRoutines(cache, 'api', 'nothing')[0].returns.kind).toBe('void');
  });

  it('knows the time zone names', () => {
    expect(cache.timezones.has('Europe/Paris')).toBe(true);
  });
});
