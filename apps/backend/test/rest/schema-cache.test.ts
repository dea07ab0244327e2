// The schema cache as read from the catalog: relations, column types and defaults, keys (also those views show),
// foreign keys, functions and computed relationships.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/types.ts';
import { loadSchemaCache } from '../../src/rest/schema/load.ts';
import { isComputed, relationshipsFrom, type Relationship } from '../../src/rest/schema/relationships.ts';
import type { QualifiedName, SchemaCache } from '../../src/rest/schema/types.ts';
import { findRoutines, findTable } from '../../src/rest/schema/types.ts';
import { openScratchDb } from '../harness.ts';

/** The relationships through foreign keys from one relation to another. */
const relationshipsBetween = (cache: SchemaCache, origin: QualifiedName, target: QualifiedName) =>
  relationshipsFrom(cache, origin).filter(
    (r): r is Relationship =>
      !isComputed(r) && r.foreignTable.schema === target.schema && r.foreignTable.name === target.name,
  );

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
    create view api.renamed_again as select person as who from api.renamed;
    create view api.twice as select id as first, id as second from api.people;
    create view api.pet_owners as select pets.id as pet, pets.kind, people.id as owner from api.pets join api.people on people.id = pets.owner_id;
    create view api.computed_id as select id + 0 as id from api.people;
    create table hidden.secrets (id int primary key);
    create table hidden.notes (id int primary key, person_id int references api.people (id));
    create view api.notes as select id as note, person_id as author from hidden.notes;
    create function api.pets_of(api.people) returns setof api.pets language sql stable as $$ select * from api.pets where owner_id = $1.id $$;
    create function api.passport(api.people) returns api.passports language sql stable as $$ select * from api.passports where person_id = $1.id $$;
    create function api.first_pet(api.people) returns setof api.pets rows 1 language sql stable as $$ select * from api.pets where owner_id = $1.id limit 1 $$;
    create function api.pets_by_kind(api.people, kind text) returns setof api.pets language sql stable as $$ select * from api.pets $$;
    create function hidden.pets_of(api.people) returns setof api.pets language sql stable as $$ select * from api.pets $$;
    create function api.secrets_of(api.people) returns setof hidden.secrets language sql stable as $$ select * from hidden.secrets $$;
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
    expect(findTable(cache, 'api', 'renamed')).toMatchObject({
      isView: true,
      insertable: true,
      primaryKey: ['person'],
    });
  });

  it('follows view columns to the table column they show, under any name and through views of views', () => {
    const primaryKey = (view: string) => findTable(cache, 'api', view)?.primaryKey;
    expect(primaryKey('renamed_again')).toEqual(['who']);
    expect(primaryKey('twice')).toEqual(['first']);
    expect(primaryKey('pet_owners')).toEqual(['pet', 'owner']);
    expect(primaryKey('notes')).toEqual(['note']);
    expect(primaryKey('computed_id')).toEqual([]);
  });

  it('relates views through the foreign keys of the tables they show', () => {
    const owners = { schema: 'api', name: 'cat_owners' };
    expect(
      relationshipsBetween(cache, owners, { schema: 'api', name: 'pets' }).map((r) => [r.cardinality, r.columns]),
    ).toEqual([['one-to-many', [['id', 'owner_id']]]]);
    expect(relationshipsBetween(cache, { schema: 'api', name: 'pets' }, owners).map((r) => r.cardinality)).toEqual([
      'many-to-one',
    ]);
  });

  it('relates views through foreign key columns they show under other names', () => {
    const between = (origin: string, target: string) =>
      relationshipsBetween(cache, { schema: 'api', name: origin }, { schema: 'api', name: target }).map((r) => [
        r.cardinality,
        r.columns,
      ]);
    expect(between('renamed', 'pets')).toEqual([['one-to-many', [['person', 'owner_id']]]]);
    expect(between('renamed_again', 'passports')).toEqual([['one-to-one', [['who', 'person_id']]]]);
    expect(between('pets', 'renamed')).toEqual([['many-to-one', [['owner_id', 'person']]]]);
    // A view of a join shows each table's columns: it stands in for people through `owner`.
    expect(between('pets', 'pet_owners')).toEqual([['many-to-one', [['owner_id', 'owner']]]]);
    expect(between('pet_owners', 'memberships')).toEqual([['one-to-many', [['owner', 'person_id']]]]);
    expect(between('pet_owners', 'people')).toEqual([]);
    expect(between('notes', 'renamed')).toEqual([['many-to-one', [['author', 'person']]]]);
    // A key column the view shows twice relates through either of its names.
    expect(between('twice', 'pets')).toEqual([
      ['one-to-many', [['first', 'owner_id']]],
      ['one-to-many', [['second', 'owner_id']]],
    ]);
    expect(between('computed_id', 'pets')).toEqual([]);
  });

  it('reads computed relationships: functions of one exposed row returning exposed rows', () => {
    const computed = cache.computedRelationships
      .map((r) => [r.function.schema, r.function.name, r.table.name, r.foreignTable.name, r.toOne])
      .sort();
    expect(computed).toEqual([
      ['api', 'first_pet', 'people', 'pets', true],
      ['api', 'passport', 'people', 'passports', true],
      ['api', 'pets_of', 'people', 'pets', false],
    ]);
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
