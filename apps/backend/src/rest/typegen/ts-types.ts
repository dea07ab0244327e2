// Postgres types as TypeScript, the way `supabase gen types typescript` writes them: numbers (int8 and numeric
// too), strings for text-like and date/time types, Json for json(b), arrays, and references to the generated
// enums and composite types of the exposed schemas.
import type { Catalog, PgType } from './catalog.ts';

const NUMBERS = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);
const STRINGS = new Set([
  ...['text', 'varchar', 'bpchar', 'char', 'name', 'uuid', 'citext', 'bytea', 'inet', 'cidr', 'macaddr'],
  ...['date', 'time', 'timetz', 'timestamp', 'timestamptz', 'interval', 'money', 'tsvector', 'tsquery', 'xml'],
  ...['bit', 'varbit', 'regclass', 'regtype', 'regproc', 'ltree', 'point', 'line', 'box', 'polygon', 'circle'],
]);

export const quoteKey = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name));

/** The TypeScript for a value of `oid`, as seen from the generated `Database` type. */
export function tsType(catalog: Catalog, oid: number): string {
  const type = catalog.types.get(oid);
  if (!type) return 'unknown';
  return describe(catalog, type);
}

function describe(catalog: Catalog, type: PgType): string {
  if (type.category === 'A' && type.element !== 0) {
    const element = tsType(catalog, type.element);
    return /^[\w"[\]]+$/.test(element) ? `${element}[]` : `(${element})[]`;
  }
  if (type.kind === 'd') return tsType(catalog, type.base);
  const exposed = catalog.schemas.includes(type.schema);
  if (type.kind === 'e') return exposed ? `Database[${q(type.schema)}]["Enums"][${q(type.name)}]` : 'string';
  if (type.kind === 'c') {
    if (!exposed) return 'unknown';
    const table = catalog.relations.some((r) => r.schema === type.schema && r.name === type.name);
    return table
      ? `Database[${q(type.schema)}]["Tables"][${q(type.name)}]["Row"]`
      : `Database[${q(type.schema)}]["CompositeTypes"][${q(type.name)}]`;
  }
  if (type.name === 'bool') return 'boolean';
  if (NUMBERS.has(type.name)) return 'number';
  if (type.name === 'json' || type.name === 'jsonb') return 'Json';
  if (type.name === 'void') return 'undefined';
  if (type.name === 'record') return 'Record<string, unknown>';
  if (STRINGS.has(type.name) || type.kind === 'r' || type.kind === 'm') return 'string';
  return 'unknown';
}

const q = (text: string) => JSON.stringify(text);
