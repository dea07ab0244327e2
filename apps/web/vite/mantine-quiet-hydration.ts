// Two of Mantine's hooks set state right after a component mounts, to a value that changes nothing the user sees:
// every component using them draws itself once more as the page hydrates, all of them together in one task, which on
// a phone is a long one before the page answers a tap. This plugin serves Mantine's components the same hooks
// without that second drawing, wherever `@mantine/hooks` is bundled:
// - `useId` swaps React's id for a random one after mounting (every input, popover, menu, modal and tooltip). React's
//   id is unique within the page's one React root and the same on the server, so it is kept (stable-use-id.ts).
// - `useMediaQuery` starts as undefined and is set to the query's answer after mounting, though it reports undefined
//   as false (every transition asks whether motion should be reduced). It starts as false instead, so an answer of
//   false changes no state (settled-media-query.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const REPLACEMENTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/, 'stable-use-id.ts'],
  [/[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-media-query[\\/]use-media-query\.mjs$/, 'settled-media-query.ts'],
];
const HERE = path.dirname(fileURLToPath(import.meta.url));

export function mantineQuietHydration(): Plugin {
  return {
    name: 'teamplan:mantine-quiet-hydration',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/[\\/]@mantine[\\/]hooks[\\/]/.test(importer) || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const replacement = resolved && REPLACEMENTS.find(([pattern]) => pattern.test(resolved.id));
      return replacement ? path.join(HERE, replacement[1]) : null;
    },
  };
}
