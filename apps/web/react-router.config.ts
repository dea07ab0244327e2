// React Router framework settings: server rendering on, route middleware enabled (guards and session per request).
// Every route is known from the first page: with a few dozen routes the manifest is small, while discovering routes
// as links appear fetched it again several times after each first load and re-rendered the whole page each time.
import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  routeDiscovery: { mode: 'initial' },
  future: {
    v8_middleware: true,
  },
} satisfies Config;
