// HTTP requests for benchmarks, each on a connection of its own: a kept-alive connection the server has meanwhile
// closed would fail a request at random after a long pause between measurements.
import http from 'node:http';

export interface Reply {
  status: number;
  body: Buffer;
}

export function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    request.end(options.body);
  });
}

/** Sends and insists on a 2xx answer, naming what failed. */
export async function sendOk(what: string, url: string, options: Parameters<typeof send>[1] = {}): Promise<Reply> {
  const reply = await send(url, options);
  if (reply.status < 200 || reply.status > 299) {
    throw new Error(`${what} failed: ${reply.status} ${reply.body.toString('utf8').slice(0, 300)}`);
  }
  return reply;
}
