// Query parameters are sent as text by both adapters, so a value means the same on PGlite and on PostgreSQL.
// Arrays and objects travel as JSON: cast them in SQL (`$1::jsonb`), never rely on driver-specific encodings.

export function toParam(value: unknown): string | Uint8Array | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return value;
  return JSON.stringify(value);
}

export const toParams = (params: unknown[] = []) => params.map(toParam);
