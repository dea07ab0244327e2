// An HTTP answer written straight onto a connection taken over for an upgrade (a WebSocket), which Node's server no
// longer answers for: the connection is closed after it.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

export function writeRawResponse(
  socket: Duplex,
  status: number,
  headers: Array<[string, string]>,
  body: string | Buffer = '',
): void {
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Unknown'}`];
  for (const [name, value] of headers) lines.push(`${name}: ${value}`);
  lines.push(`Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close', '', '');
  socket.end(Buffer.concat([Buffer.from(lines.join('\r\n')), Buffer.isBuffer(body) ? body : Buffer.from(body)]));
}
