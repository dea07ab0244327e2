// Filters as SQL: every value a parameter, every name quoted, operators as PostgREST writes them.
import { describe, expect, it } from 'vitest';
import { parseFilter } from '../request/filter.ts';
import { parseLogic } from '../request/logic.ts';
import { filterSql, logicSql } from './filter.ts';
import { arrayLiteral, ident, Params, qualified } from './fragments.ts';

const T = '"public"."t"';

describe('filterSql', () => {
  it.each([
    ['id', 'eq.5', `${T}."id" = $1`, ['5']],
    ['id', 'neq.5', `${T}."id" <> $1`, ['5']],
    ['id', 'gte.5', `${T}."id" >= $1`, ['5']],
    ['name', 'like.*a_b*', `${T}."name" like $1`, ['%a_b%']],
    ['name', 'not.ilike.A*', `NOT ${T}."name" ilike $1`, ['A%']],
    ['name', 'match.^a', `${T}."name" ~ $1`, ['^a']],
    ['id', 'in.(1,2)', `${T}."id" = ANY ($1)`, ['{"1","2"}']],
    ['name', 'in.("a,b",c)', `${T}."name" = ANY ($1)`, ['{"a,b","c"}']],
    ['name', 'in.()', `${T}."name" = ANY ($1)`, ['{}']],
    ['qty', 'is.null', `${T}."qty" IS NULL`, []],
    ['qty', 'is.not_null', `${T}."qty" IS NOT NULL`, []],
    ['flag', 'not.is.true', `NOT ${T}."flag" IS TRUE`, []],
    ['flag', 'is.unknown', `${T}."flag" IS UNKNOWN`, []],
    ['qty', 'isdistinct.3', `${T}."qty" IS DISTINCT FROM $1`, ['3']],
    ['tags', 'cs.{a,b}', `${T}."tags" @> $1`, ['{a,b}']],
    ['tags', 'ov.{a}', `${T}."tags" && $1`, ['{a}']],
    ['id', 'gt(any).{1,5}', `${T}."id" > ANY($1)`, ['{1,5}']],
    ['doc', 'fts(english).cat', `${T}."doc" @@ to_tsquery($1, $2)`, ['english', 'cat']],
    ['doc', 'wfts.cat dog', `${T}."doc" @@ websearch_to_tsquery($1)`, ['cat dog']],
    ['data->a->>b', 'eq.1', `${T}."data"->$1->>$2 = $3`, ['a', 'b', '1']],
    ['data->0', 'eq.1', `${T}."data"->$1::int = $2`, ['+0', '1']],
    ['"na\\"me"', "eq.'; drop table t; --", `${T}."na""me" = $1`, ["'; drop table t; --"]],
  ])('%s=%s', (key, value, sql, params) => {
    const parsed = parseFilter(key, value);
    const collected = new Params();
    expect(filterSql(T, { field: parsed.field, expr: parsed.expr }, collected)).toBe(sql);
    expect(collected.values).toEqual(params);
  });

  it('writes logic trees with parentheses and NOT', () => {
    const params = new Params();
    const { tree } = parseLogic('not.or', '(id.eq.1,and(qty.gt.2,qty.lt.9))');
    expect(logicSql(T, tree, params)).toBe(`NOT (${T}."id" = $1 OR (${T}."qty" > $2 AND ${T}."qty" < $3))`);
    expect(params.values).toEqual(['1', '2', '9']);
  });
});

describe('fragments', () => {
  it.each([
    ['plain', '"plain"'],
    ['with "quotes"', '"with ""quotes"""'],
    ['cut\u0000here', '"cut"'],
  ])('ident(%s)', (name, expected) => expect(ident(name)).toBe(expected));

  it('qualifies names and builds array literals', () => {
    expect(qualified({ schema: 'public', name: 'a"b' })).toBe('"public"."a""b"');
    expect(qualified({ schema: '', name: 'pgrst_source' })).toBe('"pgrst_source"');
    expect(arrayLiteral(['a', 'b"c', 'd\\e', 'f\u0000g'])).toBe('{"a","b\\"c","d\\\\e","f"}');
  });
});
