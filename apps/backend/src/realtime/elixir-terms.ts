// Some of Realtime's messages quote what the client sent as Elixir prints it (`inspect`): strings in double quotes,
// lists in brackets, maps as %{"key" => value} with their keys in order. JSON values printed the same way here, so
// that those messages read as Realtime's do.

export function inspect(value: unknown): string {
  if (value === null || value === undefined) return 'nil';
  if (typeof value === 'string') return JSON.stringify(value).replaceAll('#{', '\\#{');
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(inspect).join(', ')}]`;
  if (typeof value === 'object') {
    // Elixir orders a small map's string keys by their bytes.
    const entries = Object.entries(value).sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    return `%{${entries.map(([key, item]) => `${inspect(key)} => ${inspect(item)}`).join(', ')}}`;
  }
  return String(value);
}
