// Where the Deno executable is: the `deno` npm package ships it (through its platform package), so `npm install`
// provides it and nothing is downloaded when a function starts.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
let found: string | undefined;

export function denoExecutable(): string {
  if (found) return found;
  const packageDir = path.dirname(require.resolve('deno/package.json'));
  const linked = path.join(packageDir, process.platform === 'win32' ? 'deno.exe' : 'deno');
  // The package links its platform binary beside itself on install; without install scripts its own helper finds it.
  found = existsSync(linked) ? linked : (require('deno/install_api.cjs') as { runInstall(): string }).runInstall();
  return found;
}

/** The module that starts every function's process (see deno/bootstrap.js). */
export const BOOTSTRAP = fileURLToPath(new URL('./deno/bootstrap.js', import.meta.url));
