// A schema cache for the pure stages' tests: clients, projects, tasks, users with a junction table, a
// self-referencing table, and computed relationships, as the catalog loader would describe them.
import type { Column, ComputedRelationship, ForeignKey, SchemaCache, Table } from './types.ts';
import { tableKey } from './types.ts';

const column = (name: string, type: string, options: Partial<Column> = {}): Column => ({
  name,
  type,
  nullable: true,
  default: null,
  ...options,
});

function table(name: string, columns: Column[], primaryKey: string[]): Table {
  return {
    schema: 'public',
    name,
    isView: false,
    insertable: true,
    updatable: true,
    deletable: true,
    columns,
    primaryKey,
  };
}

const fk = (constraint: string, from: string, columns: string[], to: string, foreignColumns: string[]): ForeignKey => ({
  constraint,
  table: { schema: 'public', name: from },
  columns,
  foreignTable: { schema: 'public', name: to },
  foreignColumns,
});

const computed = (name: string, from: string, to: string, toOne: boolean): ComputedRelationship => ({
  function: { schema: 'public', name },
  table: { schema: 'public', name: from },
  foreignTable: { schema: 'public', name: to },
  toOne,
});

export function fixtureCache(): SchemaCache {
  const tables = [
    table(
      'clients',
      [
        column('id', 'integer', { nullable: false, default: "nextval('clients_id_seq'::regclass)" }),
        column('name', 'text'),
      ],
      ['id'],
    ),
    table(
      'projects',
      [
        column('id', 'uuid', { nullable: false, default: 'gen_random_uuid()' }),
        column('name', 'text', { nullable: false }),
        column('client_id', 'integer'),
        column('budget', 'numeric(10,2)'),
      ],
      ['id'],
    ),
    table(
      'tasks',
      [column('id', 'integer', { nullable: false }), column('project_id', 'uuid'), column('title', 'text')],
      ['id'],
    ),
    table('users', [column('id', 'integer', { nullable: false }), column('name', 'text')], ['id']),
    table(
      'project_members',
      [column('project_id', 'uuid', { nullable: false }), column('user_id', 'integer', { nullable: false })],
      ['project_id', 'user_id'],
    ),
    table('employees', [column('id', 'integer', { nullable: false }), column('manager_id', 'integer')], ['id']),
  ];
  return {
    schemas: ['public'],
    tables: new Map(tables.map((t) => [tableKey(t.schema, t.name), t])),
    foreignKeys: [
      fk('projects_client_id_fkey', 'projects', ['client_id'], 'clients', ['id']),
      fk('tasks_project_id_fkey', 'tasks', ['project_id'], 'projects', ['id']),
      fk('project_members_project_id_fkey', 'project_members', ['project_id'], 'projects', ['id']),
      fk('project_members_user_id_fkey', 'project_members', ['user_id'], 'users', ['id']),
      fk('employees_manager_id_fkey', 'employees', ['manager_id'], 'employees', ['id']),
    ],
    computedRelationships: [
      computed('open_tasks', 'projects', 'tasks', false),
      computed('lead', 'projects', 'users', true),
      // Named like the table: it overrides the foreign key from projects to clients, seen from clients.
      computed('projects', 'clients', 'projects', false),
    ],
    routines: new Map(),
    timezones: new Set(['UTC', 'Europe/Paris']),
    roles: { allowed: new Set(['anon', 'authenticated', 'service_role']), known: new Set(['postgres', 'anon']) },
    planEnabled: true,
    aggregatesEnabled: true,
    transactionEnd: { allowOverride: true, rollbackAll: false },
    descriptions: {},
    enums: [],
  };
}
