import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'test/**/*.test.ts',
      '../../supabase/tests/**/*.test.ts',
      '../../scripts/**/*.test.ts',
    ],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are heavy; two cores do best with two workers.
    maxWorkers: 2,
    // A worker imports the backend once and runs file after file in it, instead of importing it afresh for each
    // file (1.5 to 2 s each) and compiling its hot paths again: the suite takes about half the time. Every test
    // makes its own databases and servers, and a test that changes a global (timers, console, an environment
    // variable) puts it back when it ends.
    isolate: false,
  },
});
