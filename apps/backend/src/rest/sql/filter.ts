// Fields, filters and logic trees as SQL. Values are parameters of unspecified type, so Postgres reads them as the
// type of the column they meet (a uuid for a uuid column, an int[] for `= ANY` on an int column), as PostgREST.
import type { Field, Filter, LogicTree, Operation, SimpleOperator } from '../request/types.ts';
import { arrayLiteral, ident, type Params } from './fragments.ts';

const OPERATORS: Record<SimpleOperator, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const FTS_FUNCTIONS = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

/** `qualifier."column"` followed by its JSON path (`->'key'`, `->>0`). */
export function fieldSql(qualifier: string, field: Field, params: Params): string {
  if (field.name === '*') return `${qualifier}.*`;
  const column = `${qualifier}.${ident(field.name)}`;
  let sql = field.toJson ? `to_jsonb(${column})` : column;
  for (const step of field.jsonPath) {
    sql += step.arrow + (step.index ? `${params.add(step.operand)}::int` : params.add(step.operand));
  }
  return sql;
}

// `*` stands for `%` in like patterns, so a pattern survives URL encoding.
const likePattern = (value: string) => value.replaceAll('*', '%');

function operationSql(operation: Operation, params: Params): string {
  switch (operation.kind) {
    case 'simple': {
      const isLike = operation.operator === 'like' || operation.operator === 'ilike';
      const value = params.add(isLike ? likePattern(operation.value) : operation.value);
      const operand = operation.quantifier ? `${operation.quantifier.toUpperCase()}(${value})` : value;
      return ` ${OPERATORS[operation.operator]} ${operand}`;
    }
    case 'in': {
      const empty = operation.values.length === 1 && operation.values[0] === '';
      return ` = ANY (${params.add(empty ? '{}' : arrayLiteral(operation.values))})`;
    }
    case 'is':
      return ` IS ${operation.value === 'not_null' ? 'NOT NULL' : operation.value.toUpperCase()}`;
    case 'isdistinct':
      return ` IS DISTINCT FROM ${params.add(operation.value)}`;
    case 'fts': {
      const language = operation.language === undefined ? '' : `${params.add(operation.language)}, `;
      return ` @@ ${FTS_FUNCTIONS[operation.operator]}(${language}${params.add(operation.value)})`;
    }
  }
}

export function filterSql(qualifier: string, filter: Filter, params: Params): string {
  const condition = fieldSql(qualifier, filter.field, params) + operationSql(filter.expr.operation, params);
  return filter.expr.negated ? `NOT ${condition}` : condition;
}

export function logicSql(qualifier: string, tree: LogicTree, params: Params): string {
  if (tree.kind === 'filter') return filterSql(qualifier, tree.filter, params);
  const joined = tree.children
    .map((child) => logicSql(qualifier, child, params))
    .join(tree.operator === 'and' ? ' AND ' : ' OR ');
  return `${tree.negated ? 'NOT ' : ''}(${joined})`;
}
