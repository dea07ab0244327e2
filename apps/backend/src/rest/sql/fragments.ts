// SQL building blocks: quoted identifiers, parameters, array literals. Every value a client sends becomes a
// parameter; every name becomes a quoted identifier.
import type { QualifiedName } from '../schema/types.ts';

export interface SqlStatement {
  text: string;
  params: string[];
}

/** Collects the parameters of one statement; `add` returns the placeholder to write in the SQL text. */
export class Params {
  readonly values: string[] = [];

  add(value: string): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

// A NUL would end the statement text early on the wire; PostgREST cuts names at it too.
const withoutNul = (text: string) => {
  const nul = text.indexOf('\u0000');
  return nul < 0 ? text : text.slice(0, nul);
};

export function ident(name: string): string {
  return `"${withoutNul(name).replaceAll('"', '""')}"`;
}

export function qualified(name: QualifiedName): string {
  return name.schema === '' ? ident(name.name) : `${ident(name.schema)}.${ident(name.name)}`;
}

/** `{"a","b\\"c"}`: a Postgres array literal, sent as one parameter so Postgres infers the element type. */
export function arrayLiteral(values: string[]): string {
  const escape = (value: string) => `"${withoutNul(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  return `{${values.map(escape).join(',')}}`;
}

// Casts are written bare (`::int` works where `::"int"` does not); the parser admits only letters, digits,
// spaces, `_` and `$` in them, so they cannot close the expression they are in.
export function typeName(cast: string): string {
  if (!/^[\p{L}\p{N}_ $]+$/u.test(cast)) throw new Error('typeName: unexpected characters in a cast');
  return cast;
}
