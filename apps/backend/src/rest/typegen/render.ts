// Renders the `Database` type in the shape `supabase gen types typescript` writes: per schema its Tables and
// Views (Row, Insert, Update, Relationships), Functions (Args, Returns), Enums and CompositeTypes.
import type { Catalog, CatalogColumn, CatalogFunction, CatalogRelation } from './catalog.ts';
import { HELPERS, JSON_TYPE } from './helpers.ts';
import { quoteKey, tsType } from './ts-types.ts';

const NEVER = '{\n[_ in never]: never\n}';
const block = (entries: string[]) => (entries.length === 0 ? NEVER : `{\n${entries.join('\n')}\n}`);

function columnType(catalog: Catalog, column: CatalogColumn): string {
  return tsType(catalog, column.type);
}

function rowType(catalog: Catalog, relation: CatalogRelation): string {
  // A view cannot promise NOT NULL for any column, so each may be null, as the CLI writes it.
  const nullable = (c: CatalogColumn) => c.nullable || relation.kind === 'view';
  return block(
    relation.columns.map((c) => `${quoteKey(c.name)}: ${columnType(catalog, c)}${nullable(c) ? ' | null' : ''}`),
  );
}

function writeType(catalog: Catalog, relation: CatalogRelation, mode: 'Insert' | 'Update'): string {
  return block(
    relation.columns.map((c) => {
      if (c.generated === 's' || c.identity === 'a') return `${quoteKey(c.name)}?: never`;
      const optional = mode === 'Update' || c.nullable || c.hasDefault || c.identity !== '' || relation.kind === 'view';
      const nullable = c.nullable || relation.kind === 'view';
      return `${quoteKey(c.name)}${optional ? '?' : ''}: ${columnType(catalog, c)}${nullable ? ' | null' : ''}`;
    }),
  );
}

function relationships(catalog: Catalog, relation: CatalogRelation): string {
  const keys = catalog.foreignKeys.filter((fk) => fk.schema === relation.schema && fk.table === relation.name);
  if (keys.length === 0) return '[]';
  const items = keys.map(
    (fk) =>
      `{\nforeignKeyName: ${JSON.stringify(fk.name)}\ncolumns: ${JSON.stringify(fk.columns)}\n` +
      `isOneToOne: ${fk.oneToOne}\nreferencedRelation: ${JSON.stringify(fk.referencedRelation)}\n` +
      `referencedColumns: ${JSON.stringify(fk.referencedColumns)}\n},`,
  );
  return `[\n${items.join('\n')}\n]`;
}

function relationEntry(catalog: Catalog, relation: CatalogRelation): string {
  const parts = [`Row: ${rowType(catalog, relation)}`];
  if (relation.kind === 'table' || relation.insertable) parts.push(`Insert: ${writeType(catalog, relation, 'Insert')}`);
  if (relation.kind === 'table' || relation.updatable) parts.push(`Update: ${writeType(catalog, relation, 'Update')}`);
  parts.push(`Relationships: ${relationships(catalog, relation)}`);
  return `${quoteKey(relation.name)}: {\n${parts.join('\n')}\n}`;
}

function returnsType(catalog: Catalog, fn: CatalogFunction): string {
  const columns = fn.args.filter((arg) => arg.mode === 't' || arg.mode === 'o' || arg.mode === 'b');
  const tableColumns = fn.args.filter((arg) => arg.mode === 't');
  let single: string;
  if (tableColumns.length > 0 || (columns.length > 1 && catalog.types.get(fn.returns)?.name === 'record')) {
    single = block(columns.map((arg) => `${quoteKey(arg.name)}: ${tsType(catalog, arg.type)}`));
  } else {
    const type = catalog.types.get(fn.returns);
    const relation = type && catalog.relations.find((r) => r.oid === type.relation);
    single = relation ? rowType(catalog, relation) : tsType(catalog, fn.returns);
  }
  return fn.set ? `${single}[]` : single;
}

function functionEntry(catalog: Catalog, fn: CatalogFunction): string {
  const inputs = fn.args.filter((arg) => arg.mode === 'i' || arg.mode === 'b' || arg.mode === 'v');
  const firstOptional = inputs.length - fn.defaults;
  const args =
    inputs.length === 0
      ? 'never'
      : block(
          inputs.map((arg, i) => `${quoteKey(arg.name)}${i >= firstOptional ? '?' : ''}: ${tsType(catalog, arg.type)}`),
        );
  return `{\nArgs: ${args}\nReturns: ${returnsType(catalog, fn)}\n}`;
}

function functionsBlock(catalog: Catalog, schema: string): string {
  const byName = new Map<string, CatalogFunction[]>();
  for (const fn of catalog.functions.filter((f) => f.schema === schema)) {
    byName.set(fn.name, [...(byName.get(fn.name) ?? []), fn]);
  }
  return block(
    [...byName].map(([name, overloads]) => {
      const variants = overloads.map((fn) => functionEntry(catalog, fn));
      return `${quoteKey(name)}: ${variants.length === 1 ? variants[0] : variants.map((v) => `| ${v}`).join('\n')}`;
    }),
  );
}

function enumsOf(catalog: Catalog, schema: string, values: Map<string, string[]>): [string, string[]][] {
  return [...catalog.types.values()]
    .filter((type) => type.kind === 'e' && type.schema === schema)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((type) => [type.name, values.get(`${schema}.${type.name}`) ?? []]);
}

function compositesBlock(catalog: Catalog, schema: string): string {
  const relationOids = new Set(catalog.relations.map((r) => r.oid));
  const composites = [...catalog.types.values()].filter(
    (type) => type.kind === 'c' && type.schema === schema && type.relation !== 0 && !relationOids.has(type.relation),
  );
  // Free-standing composite types have no columns in the relations read; they are typed loosely.
  return block(composites.map((type) => `${quoteKey(type.name)}: Record<string, unknown>`));
}

/** The whole generated file: Json, Database, the helper types and the enum constants. */
export function renderDatabase(catalog: Catalog, postgrestVersion: string): string {
  const enumValues = catalog.enumValues;
  const schemas = catalog.schemas.map((schema) => {
    const relations = catalog.relations.filter((r) => r.schema === schema);
    const enums = enumsOf(catalog, schema, enumValues);
    return (
      `${quoteKey(schema)}: {\n` +
      `Tables: ${block(relations.filter((r) => r.kind === 'table').map((r) => relationEntry(catalog, r)))}\n` +
      `Views: ${block(relations.filter((r) => r.kind === 'view').map((r) => relationEntry(catalog, r)))}\n` +
      `Functions: ${functionsBlock(catalog, schema)}\n` +
      `Enums: ${block(enums.map(([name, values]) => `${quoteKey(name)}: ${values.map((v) => JSON.stringify(v)).join(' | ') || 'never'}`))}\n` +
      `CompositeTypes: ${compositesBlock(catalog, schema)}\n}`
    );
  });
  const constants = catalog.schemas.map((schema) => {
    const enums = enumsOf(catalog, schema, enumValues);
    return `${quoteKey(schema)}: {\nEnums: {${enums.map(([name, values]) => `${quoteKey(name)}: ${JSON.stringify(values)},`).join('\n')}},\n},`;
  });
  return [
    JSON_TYPE,
    `export type Database = {\n` +
      `// Lets createClient<Database>() pick the PostgREST version's features without a second type argument.\n` +
      `__InternalSupabase: {\nPostgrestVersion: ${JSON.stringify(postgrestVersion)}\n}\n${schemas.join('\n')}\n}`,
    HELPERS,
    `export const Constants = {\n${constants.join('\n')}\n} as const`,
  ].join('\n\n');
}
