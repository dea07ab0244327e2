// Vite build: the React Router plugin; the server bundle's entry is server/app.ts so server.js can mount it.
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { mantineComponentStyles } from './vite/mantine-component-styles';
import { mantineQuietHydration } from './vite/mantine-quiet-hydration';

// React Router builds the client and the server bundle in one process, loading this file for each: the first load
// fixes the build time and the second reuses it, so both bundles of one build agree on it.
process.env.TEAMPLAN_BUILD_TIME ??= String(Date.now());

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild
      ? // One file: the server finds the client build beside its own folder (entry.server.tsx), which a module split
        // into build/server/assets/ by a lazy import would look for in the wrong place.
        { input: './server/app.ts', output: { inlineDynamicImports: true } }
      : // Rollup otherwise gives many small library modules a file each; on a phone's connection every file costs a
        // round trip, so the small ones that can be merged without running code early are merged.
        { output: { experimentalMinChunkSize: 20_000 } },
  },
  define: { __BUILD_TIME__: JSON.stringify(Number(process.env.TEAMPLAN_BUILD_TIME)) },
  plugins: [
    mantineComponentStyles(),
    mantineQuietHydration(),
    reactRouter(),
    // The client's files are compressed once, at their smallest (gzip level 9, Brotli quality 11), next to each file;
    // the server sends the one the browser accepts instead of compressing the same bytes for every request.
    ...(isSsrBuild
      ? []
      : [compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024, logLevel: 'silent' })]),
  ],
}));
