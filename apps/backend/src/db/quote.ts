// Identifiers written into SQL text (a role's search path, a table to vacuum, a channel to listen on), where a
// parameter cannot stand: always quoted, so any name, however odd, stays one identifier.

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
