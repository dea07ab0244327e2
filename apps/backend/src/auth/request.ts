// Reading request bodies as GoTrue does: JSON into a fixed set of fields, unknown fields ignored, a body that is not
// JSON or a field of the wrong type answered with bad_json (never a 500).
import type { Context } from 'hono';
import { z } from 'zod';
import { AuthErrors } from './errors.ts';

/** A string field: absent or null reads as the empty string, like Go's zero value. */
export const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');
/** A string field where "absent" and "empty" mean different things (e.g. a new password). */
export const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? undefined);
export const metadata = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((value) => value ?? undefined);
export const flag = z.boolean().nullish();

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  return value === null ? 'null' : typeof value;
}

function parseBody<S extends z.ZodType>(body: string, schema: S): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw AuthErrors.badJson(body.trim() === '' ? 'unexpected end of JSON input' : 'invalid character in JSON input');
  }
  // Go decodes a JSON null into a struct without complaint and leaves every field empty.
  if (value === null) value = {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw AuthErrors.badJson(`cannot unmarshal ${describe(value)} into an object`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw AuthErrors.badJson(`field "${issue.path.join('.')}" has the wrong type`);
  }
  return parsed.data;
}

export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return parseBody(await c.req.text(), schema);
}

/** The body of a request that may be sent without one (e.g. DELETE with options). */
export async function readOptionalJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const body = await c.req.text();
  return parseBody(body.trim() === '' ? '{}' : body, schema);
}
