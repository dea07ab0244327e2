// What config.toml says that the backend does not act on: keys it does not implement (listed, never silently
// dropped) and `env(NAME)` references left as written because NAME is not set (as the Supabase CLI leaves them).
import { z } from 'zod';

const ENV_REFERENCE = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/;

/** The variable an `env(NAME)` value names, or undefined for any other value. */
export function envReference(value: unknown): string | undefined {
  return typeof value === 'string' ? ENV_REFERENCE.exec(value.trim())?.[1] : undefined;
}

const isTable = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema inside defaults, optionals and the like. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const inner = (current.def as { innerType?: z.ZodType }).innerType;
    if (!inner) return current;
    current = inner;
  }
}

/** Every key below `value`, each as a dotted path. */
function leafPaths(value: unknown, path: string[]): string[] {
  if (!isTable(value) || Object.keys(value).length === 0) return [path.join('.')];
  return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, key]));
}

/** The dotted path of every key of `raw` that `schema` does not read. */
export function unreadKeys(raw: unknown, schema: z.ZodType, path: string[] = []): string[] {
  const inner = unwrap(schema);
  if (!isTable(raw)) return [];
  if (inner instanceof z.ZodObject) {
    const shape = inner.shape as Record<string, z.ZodType>;
    const catchall = inner.def.catchall as z.ZodType | undefined;
    return Object.entries(raw).flatMap(([key, value]) => {
      const child = shape[key] ?? catchall;
      return child ? unreadKeys(value, child, [...path, key]) : leafPaths(value, [...path, key]);
    });
  }
  if (inner instanceof z.ZodRecord) {
    const valueType = inner.def.valueType as z.ZodType;
    return Object.entries(raw).flatMap(([key, value]) => unreadKeys(value, valueType, [...path, key]));
  }
  return [];
}

/**
 * `env(NAME)` values the backend would use as written: anywhere except in a table switched off with
 * `enabled = false` (the CLI's template has such references for providers that are off).
 */
export function unsetEnvReferences(parsed: unknown, path: string[] = []): string[] {
  const name = envReference(parsed);
  if (name) return [`  ${path.join('.')}: refers to env(${name}), which is not set`];
  if (Array.isArray(parsed)) return parsed.flatMap((item, index) => unsetEnvReferences(item, [...path, `${index}`]));
  if (!isTable(parsed) || parsed.enabled === false) return [];
  return Object.entries(parsed).flatMap(([key, value]) => unsetEnvReferences(value, [...path, key]));
}

/** The value at a dotted path of a parsed TOML document. */
export function valueAt(raw: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>((value, key) => (isTable(value) ? value[String(key)] : undefined), raw);
}
