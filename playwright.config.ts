// End-to-end suite: Debian's Chromium (never a downloaded browser) against the production build, started by the
// same script as `npm start`. Two stacks run side by side: the embedded default (e-mail confirmation off) and one
// with e-mail confirmation on, so both sign-up paths go through a real mail flow.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './e2e/support/chromium.ts';
import { BROKEN_WEB_PORT, BROKEN_WEB_URL, STACKS } from './e2e/support/stacks.ts';

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL: STACKS.default.webUrl,
    // No trace by default: recording one for every test made the browser draw and send every frame and snapshot
    // every page, a quarter of the suite's time. `--trace retain-on-failure` keeps one for each failing test.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [{ name: 'chromium' }],
  webServer: [
    ...Object.values(STACKS).map((stack) => ({
      command: `rm -rf ${stack.dataDir} && node scripts/start.mjs`,
      url: `${stack.webUrl}/login`,
      env: stack.env,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    })),
    {
      command: 'node apps/web/server.js',
      url: `${BROKEN_WEB_URL}/login`,
      env: { PORT: String(BROKEN_WEB_PORT), SUPABASE_URL: 'http://127.0.0.1:9', SUPABASE_ANON_KEY: 'unreachable' },
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
  ],
});
