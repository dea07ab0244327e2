// The JavaScript each page of the web app downloads on a first visit, gzipped, against its budget: the entry (React,
// React Router and the app's start-up), the root route and every route module from the root down to the page, with
// everything they import; and beside it the stylesheets the page waits for before its first paint. Reads the build's route manifest, so run it after `npm run build`:
//   npm run bench:web-weight
// Each figure is also given as a ratio to the entry alone (React and React Router), measured in the same run, and as
// Brotli (what the server sends a browser that accepts it, over HTTPS). Exits with 1 when a page is over its budget.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { budgetOf, routePaths, type Manifest } from './manifest.ts';

const CLIENT = fileURLToPath(new URL('../../apps/web/build/client', import.meta.url));

function readManifest(): { manifest: Manifest; file: string } {
  const assets = path.join(CLIENT, 'assets');
  const file = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error('No route manifest: run `npm run build` first.');
  const source = readFileSync(path.join(assets, file), 'utf8');
  const json = source.slice(source.indexOf('=') + 1).replace(/;\s*$/, '');
  return { manifest: JSON.parse(json) as Manifest, file: `/assets/${file}` };
}

/** The size of `asset` compressed by `compress`, each asset compressed once per encoding. */
function sizeWith(compress: (bytes: Buffer) => Buffer): (asset: string) => number {
  const sizes = new Map<string, number>();
  return (asset) => {
    let size = sizes.get(asset);
    if (size === undefined) {
      size = compress(readFileSync(path.join(CLIENT, asset))).length;
      sizes.set(asset, size);
    }
    return size;
  };
}

const gzipped = sizeWith((bytes) => gzipSync(bytes, { level: 9 }));
const brotli = sizeWith((bytes) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
);

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const { manifest, file } = readManifest();
const entryFiles = new Set([manifest.entry.module, ...manifest.entry.imports]);
const entryBytes = [...entryFiles].reduce((sum, asset) => sum + gzipped(asset), 0);

let over = 0;
console.log(`entry (React, React Router, start-up): ${kb(entryBytes)} KB gzipped in ${entryFiles.size} files\n`);
console.log(
  'page'.padEnd(26),
  'files'.padStart(5),
  'KB gz'.padStart(8),
  'budget'.padStart(8),
  'x entry'.padStart(8),
  'KB br'.padStart(8),
  'CSS files'.padStart(10),
  'CSS KB gz'.padStart(10),
);
for (const { url, chain } of routePaths(manifest)) {
  const files = new Set([file, ...entryFiles]);
  const stylesheets = new Set<string>();
  for (const route of chain) {
    if (route.module) files.add(route.module);
    for (const asset of route.imports ?? []) files.add(asset);
    // React Router marks some stylesheet links with a trailing `#` to tell them apart; the file is the same.
    for (const asset of route.css ?? []) stylesheets.add(asset.replace(/#$/, ''));
  }
  const cssBytes = [...stylesheets].reduce((sum, asset) => sum + gzipped(asset), 0);
  const bytes = [...files].reduce((sum, asset) => sum + gzipped(asset), 0);
  const budget = budgetOf(url);
  const verdict = bytes > budget * 1024 ? '  OVER' : '';
  if (verdict) over += 1;
  console.log(
    url.padEnd(26),
    String(files.size).padStart(5),
    kb(bytes).padStart(8),
    String(budget).padStart(8),
    (bytes / entryBytes).toFixed(2).padStart(8),
    kb([...files].reduce((sum, asset) => sum + brotli(asset), 0)).padStart(8),
    String(stylesheets.size).padStart(10),
    kb(cssBytes).padStart(10),
    verdict,
  );
}
if (over > 0) {
  console.log(`\n${over} ${over === 1 ? 'page is' : 'pages are'} over budget.`);
  process.exitCode = 1;
}
