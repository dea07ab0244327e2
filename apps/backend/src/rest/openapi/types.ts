// Column and parameter types in OpenAPI 2.0 terms, as PostgREST maps Postgres types.

/** The swagger type of a Postgres type; json and jsonb have none (any JSON value). */
export function swaggerType(type: string): string | undefined {
  switch (type) {
    case 'character varying':
    case 'character':
    case 'text':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'smallint':
    case 'integer':
    case 'bigint':
      return 'integer';
    case 'numeric':
    case 'real':
    case 'double precision':
      return 'number';
    case 'json':
    case 'jsonb':
      return undefined;
  }
  return type.endsWith('[]') ? 'array' : 'string';
}

/** `{type, items}` for a property or argument; arrays name their element type. */
export function typed(type: string): Record<string, unknown> {
  const kind = swaggerType(type);
  const element = type.endsWith('[]') ? swaggerType(type.slice(0, -2)) : undefined;
  return {
    ...(kind ? { type: kind } : {}),
    ...(kind === 'array' ? { items: element ? { type: element } : {} } : {}),
  };
}

/** A column default as a JSON value: string defaults lose their cast and quotes; others stay expressions. */
export function defaultValue(type: string, expression: string): unknown {
  if (swaggerType(type) === 'string') {
    const suffix = `::${type}`;
    const bare = expression.endsWith(suffix) ? expression.slice(0, -suffix.length).replace(/^'|'$/g, '') : expression;
    return bare;
  }
  try {
    return JSON.parse(expression);
  } catch {
    return undefined;
  }
}
