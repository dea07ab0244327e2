// How Deno.serve writes an answer, read from the Response: its headers, and whether its body is held whole (sent with
// its length) or a stream (sent chunked). Deno's Headers keep the list a response was given, in order, with
// repeated names apart and names as written; iterating them (the public way) sorts the names, lowers their case and
// joins repeated values. The list is read where this version of Deno keeps it, with the public way as the fallback.
// Deno.serve writes the list as it is, except for its fast path (status 200, a body held whole and at most its type),
// whose type goes out in lower case.
const HEADER_LIST = Object.getOwnPropertySymbols(new Headers()).find((symbol) => symbol.description === 'header list');
const INNER_RESPONSE = Object.getOwnPropertySymbols(new Response()).find((symbol) => symbol.description === 'response');

export function flatHeaders(headers, fastPath) {
  const flat = [];
  const list = HEADER_LIST && headers[HEADER_LIST];
  if (!Array.isArray(list)) {
    for (const [name, value] of headers) flat.push(name, value);
    return flat;
  }
  const lower = fastPath && (list.length === 0 || (list.length === 1 && list[0][0].toLowerCase() === 'content-type'));
  for (const [name, value] of list) flat.push(lower ? name.toLowerCase() : name, value);
  return flat;
}

/**
 * Whether Deno holds the body as a stream, which Deno.serve sends chunked as it comes, rather than whole (a string,
 * bytes, JSON), which it sends with its length; undefined when this version of Deno does not tell. Asked once the
 * headers were read: reading them turns a body kept aside for Deno.serve's fast path into an ordinary one.
 */
export function streamsBody(response) {
  const source = INNER_RESPONSE && response[INNER_RESPONSE]?.body?.streamOrStatic;
  return source ? source instanceof ReadableStream : undefined;
}
