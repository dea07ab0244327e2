// The least any relay in Node does: a node:http server passing each request to `deno serve` over a kept-alive
// connection and piping the answer back, nothing else. Measured beside the real relay, it shows how much of the gap
// to `deno serve` is the extra hop through Node itself. Relays to the URL given as argument; prints its own as JSON.
import http from 'node:http';

const target = new URL(process.argv[2]);
const agent = new http.Agent({ keepAlive: true });
const server = http.createServer((incoming, outgoing) => {
  const upstream = http.request({
    host: target.hostname,
    port: target.port,
    agent,
    method: incoming.method,
    path: incoming.url,
    headers: incoming.rawHeaders,
    setHost: false,
  });
  upstream.on('response', (response) => {
    outgoing.writeHead(response.statusCode ?? 502, response.rawHeaders);
    response.pipe(outgoing);
  });
  upstream.on('error', () => outgoing.destroy());
  incoming.pipe(upstream);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}/hello` }));
});
process.once('SIGTERM', () => process.exit(0));
