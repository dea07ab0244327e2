// Request bodies of inserts, updates and function calls: JSON (an object, or an array of objects with the same
// keys) or a urlencoded form. The raw text travels to Postgres as one parameter; only its keys are read here.
import { invalidBody } from '../errors.ts';
import { csvToJson } from './csv.ts';
import { checkJsonDepth } from './json-depth.ts';
import type { Payload } from './types.ts';

const startsAsObject = (raw: string) => raw.trimStart().startsWith('{');

function sameKeys(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((key) => set.has(key));
}

/** PostgREST's payload check: an object, or an array of objects sharing one key set; other values are `[]`. */
export function jsonPayload(raw: string, allowEmpty: boolean): Payload {
  if (allowEmpty && raw.trim() === '') return { kind: 'json', raw: '{}', keys: [], isObject: true };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalidBody('Empty or invalid json');
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: 'json', raw: '[]', keys: [], isObject: false };
    const isPlainObject = (item: unknown) => item !== null && typeof item === 'object' && !Array.isArray(item);
    if (!isPlainObject(value[0])) throw invalidBody('All object keys must match');
    const keys = Object.keys(value[0] as object);
    if (!value.every((item) => isPlainObject(item) && sameKeys(keys, Object.keys(item as object)))) {
      throw invalidBody('All object keys must match');
    }
    return { kind: 'json', raw, keys, isObject: false };
  }
  if (value !== null && typeof value === 'object') {
    return { kind: 'json', raw, keys: Object.keys(value), isObject: true };
  }
  return { kind: 'json', raw: '[]', keys: [], isObject: false };
}

export interface PayloadInput {
  body: string;
  contentType: string | undefined;
  /** `columns=` names the keys to read, so the body is passed through without inspection. */
  columns: string[] | undefined;
  /** Function calls accept an empty body as no arguments. */
  isCall: boolean;
}

/** The media type of a request body, without parameters; JSON when the request names none. */
export function bodyMediaType(contentType: string | undefined): string {
  const mime = (contentType ?? 'application/json').split(';')[0].trim().toLowerCase();
  return mime === '' ? 'application/json' : mime;
}

export function parsePayload({ body, contentType, columns, isCall }: PayloadInput): Payload {
  const mime = bodyMediaType(contentType);
  if (mime === 'application/json') {
    checkJsonDepth(body);
    if (columns !== undefined) return { kind: 'raw-json', raw: body, isObject: startsAsObject(body) };
    return jsonPayload(body, isCall);
  }
  // A function with one unnamed text, xml or bytea parameter takes the body as it is.
  if (isCall && (mime === 'text/plain' || mime === 'text/xml' || mime === 'application/octet-stream')) {
    return { kind: 'raw-json', raw: body, isObject: false };
  }
  // A function reads a CSV body as it reads a JSON array: its first row gives the arguments.
  if (mime === 'text/csv') {
    const { raw, keys } = csvToJson(body);
    return { kind: 'json', raw, keys, isObject: false };
  }
  if (mime === 'application/x-www-form-urlencoded') {
    const pairs = [...new URLSearchParams(body)];
    const form = Object.fromEntries(pairs);
    const payload: Payload = { kind: 'json', raw: JSON.stringify(form), keys: Object.keys(form), isObject: true };
    // A function reads the pairs themselves: a VARIADIC parameter takes every value of its name.
    return isCall ? { ...payload, form: pairs } : payload;
  }
  throw invalidBody(`Content-Type not acceptable: ${mime}`);
}
