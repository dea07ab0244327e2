// Production server: static assets, compression, and the app from the server build. Refuses to start without its
// backend settings (SUPABASE_URL, SUPABASE_ANON_KEY), naming what is missing.
import compression from 'compression';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const serverBuildPath = fileURLToPath(new URL('./build/server/index.js', import.meta.url));
const clientBuildPath = fileURLToPath(new URL('./build/client', import.meta.url));

if (!existsSync(serverBuildPath)) {
  console.error('No build found. Run `npm run build -w apps/web` first.');
  process.exit(1);
}

const { createApp, loadEnv } = await import(serverBuildPath);

let env;
try {
  env = loadEnv();
} catch (error) {
  console.error(`Cannot start the web server. ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const app = express();
app.disable('x-powered-by');
if (env.TRUST_PROXY) app.set('trust proxy', env.TRUST_PROXY);
// Static files go out as compressed at build time (Brotli where the browser takes it, else gzip); compression() then
// leaves them alone and compresses what is made per request: the pages and the data.
const precompressed = (folder, serveStatic) =>
  expressStaticGzip(folder, { enableBrotli: true, orderPreference: ['br', 'gz'], index: false, serveStatic });
app.use(compression());
// Fingerprinted assets never change; everything else in public/ may.
app.use('/assets', precompressed(`${clientBuildPath}/assets`, { immutable: true, maxAge: '1y' }));
app.use(precompressed(clientBuildPath, { maxAge: '1h', index: false }));
app.use(createApp());

const server = app.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  console.log(`Teamplan web app on http://${env.HOST}:${port} (backend ${env.SUPABASE_URL})`);
});
server.on('error', (error) => {
  console.error(`Cannot start the web server: ${error.message}`);
  process.exit(1);
});

// Finish the requests in flight, then stop; a client holding a connection open cannot keep the process alive.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
