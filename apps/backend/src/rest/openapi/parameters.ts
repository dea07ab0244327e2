// The document's shared parameters: select, order, Range, limit/offset, Prefer variants, and per table its body
// and one row filter per column, referenced from the paths as PostgREST names them.
import type { Table } from '../schema/types.ts';

const query = (name: string, description: string) => ({
  name,
  description,
  required: false,
  in: 'query',
  type: 'string',
});

const header = (name: string, description: string, extra: Record<string, unknown> = {}) => ({
  name,
  description,
  required: false,
  in: 'header',
  type: 'string',
  ...extra,
});

const prefer = (values: string[]) => header('Prefer', 'Preference', { enum: values });

export function sharedParameters(tables: Table[]): Record<string, unknown> {
  const parameters: Record<string, unknown> = {
    preferParams: prefer(['params=single-object']),
    preferReturn: prefer(['return=representation', 'return=minimal', 'return=none']),
    preferCount: prefer(['count=none']),
    preferPost: prefer([
      'return=representation',
      'return=minimal',
      'return=none',
      'resolution=ignore-duplicates',
      'resolution=merge-duplicates',
    ]),
    select: query('select', 'Filtering Columns'),
    on_conflict: query('on_conflict', 'On Conflict'),
    order: query('order', 'Ordering'),
    range: header('Range', 'Limiting and Pagination'),
    rangeUnit: header('Range-Unit', 'Limiting and Pagination', { default: 'items' }),
    offset: query('offset', 'Limiting and Pagination'),
    limit: query('limit', 'Limiting and Pagination'),
  };
  for (const table of tables) {
    parameters[`body.${table.name}`] = {
      name: table.name,
      description: table.name,
      required: false,
      in: 'body',
      schema: { $ref: `#/definitions/${table.name}` },
    };
    for (const column of table.columns) {
      parameters[`rowFilter.${table.name}.${column.name}`] = {
        name: column.name,
        ...(column.description ? { description: column.description } : {}),
        required: false,
        in: 'query',
        type: 'string',
      };
    }
  }
  return parameters;
}
