import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';
import { mantineQuietHydration } from './mantine-quiet-hydration';

const require = createRequire(import.meta.url);
const HOOKS = path.join(path.dirname(require.resolve('@mantine/hooks')), '..', 'esm');

/** Where the plugin sends `source` imported by `importer`, resolving relative paths as Vite would. */
async function resolved(source: string, importer: string): Promise<string | null> {
  const plugin = mantineQuietHydration();
  const context = { resolve: async (id: string, from: string) => ({ id: path.resolve(path.dirname(from), id) }) };
  const hook = plugin.resolveId as (
    this: typeof context,
    source: string,
    importer: string | undefined,
    options: object,
  ) => Promise<string | null>;
  return hook.call(context, source, importer, {});
}

it("serves Mantine's components the hooks that do not draw them twice", async () => {
  expect(await resolved('./use-id/use-id.mjs', path.join(HOOKS, 'index.mjs'))).toMatch(/vite[\\/]stable-use-id\.ts$/);
  expect(
    await resolved(
      '../use-media-query/use-media-query.mjs',
      path.join(HOOKS, 'use-reduced-motion', 'use-reduced-motion.mjs'),
    ),
  ).toMatch(/vite[\\/]settled-media-query\.ts$/);
});

it("leaves Mantine's other hooks and everyone else's imports alone", async () => {
  expect(await resolved('./use-idle/use-idle.mjs', path.join(HOOKS, 'index.mjs'))).toBeNull();
  expect(await resolved('./use-id/use-id.mjs', '/elsewhere/index.mjs')).toBeNull();
  expect(await resolved('react', path.join(HOOKS, 'index.mjs'))).toBeNull();
});
