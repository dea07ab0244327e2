// The baseline of the storage benchmark: a bare node:http server that streams a PUT body to a temporary file and
// renames it into place, and streams a file back with fs.createReadStream. Prints its URL as one JSON line.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const dir = mkdtempSync(path.join(tmpdir(), 'teamplan-bench-baseline-'));
mkdirSync(path.join(dir, 'tmp'));
const fileOf = (url: string) => path.join(dir, Buffer.from(url).toString('hex'));

const server = createServer((req, res) => {
  const file = fileOf(req.url ?? '/');
  if (req.method === 'PUT') {
    const tmp = path.join(dir, 'tmp', randomUUID());
    pipeline(req, createWriteStream(tmp, { highWaterMark: 1024 * 1024 }))
      .then(() => rename(tmp, file))
      .then(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'))
      .catch(() => res.writeHead(500).end());
    return;
  }
  try {
    const size = statSync(file).size;
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
    createReadStream(file, { highWaterMark: 256 * 1024 }).pipe(res);
  } catch {
    res.writeHead(404).end();
  }
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
});
process.once('SIGTERM', () => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
