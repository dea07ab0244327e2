// Type parsing shared by both adapters: JSON, booleans and small numbers become JS values; everything whose
// precision or format matters (int8, numeric, dates, timestamps) stays text exactly as Postgres printed it.

export const OID = {
  bool: 16,
  int2: 21,
  int4: 23,
  oid: 26,
  float4: 700,
  float8: 701,
  json: 114,
  jsonb: 3802,
} as const;

const parseBool = (value: string) => value === 't';
const parseNumber = (value: string) => Number(value);
const parseJson = (value: string) => JSON.parse(value) as unknown;

export const parsers: Record<number, (value: string) => unknown> = {
  [OID.bool]: parseBool,
  [OID.int2]: parseNumber,
  [OID.int4]: parseNumber,
  [OID.oid]: parseNumber,
  [OID.float4]: parseNumber,
  [OID.float8]: parseNumber,
  [OID.json]: parseJson,
  [OID.jsonb]: parseJson,
};

export const identity = (value: string) => value;
