// Mantine's `useId` starts with React's id and, once mounted, swaps it for a random one in a layout effect. That
// setState re-renders every component that asked for an id (each input, popover, menu, modal, tooltip) at once,
// synchronously, right after the page hydrates: on a phone a long task, before the page answers a tap. React's id
// is unique within the page's one React root and the same on the server and in the browser, so it is kept. This
// plugin serves the hook below in place of Mantine's own wherever `@mantine/hooks` is bundled.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const MANTINE_HOOKS_INDEX = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/;
const STABLE_USE_ID = fileURLToPath(new URL('./stable-use-id.ts', import.meta.url));

export function mantineStableIds(): Plugin {
  return {
    name: 'teamplan:mantine-stable-ids',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './use-id/use-id.mjs' && importer && MANTINE_HOOKS_INDEX.test(importer)) return STABLE_USE_ID;
      return null;
    },
  };
}
