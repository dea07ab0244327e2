// Shared by the auth benchmarks: a backend on a fresh in-memory PGlite (as the embedded default runs), requests as
// if from one client address (so rate limiting is part of what is measured), statistics and the result table.
import { createHarness, type Harness } from '../../apps/backend/test/harness.ts';

export const BENCH_ADDRESS = '192.0.2.10';

export async function benchHarness(): Promise<Harness> {
  return createHarness({
    configure: (config) => {
      // Limits high enough never to trigger, so the limiter's cost is measured but not its refusals.
      Object.assign(config.project.auth.rate_limit, { token_refresh: 1e9, sign_in_sign_ups: 1e9 });
    },
  });
}

/**
 * Clears the per-account count of failed passwords, which would otherwise refuse a benchmark's repeated wrong
 * passwords for one account after five (outside the timed part).
 */
export async function forgetFailedPasswords(h: Harness): Promise<void> {
  await h.db.exec('delete from _backend.password_failures');
}

export interface Answer {
  status: number;
  body: any;
}

/** A JSON call into the auth service over the app's fetch, carrying a client address like a socket would. */
export async function authCall(h: Harness, path: string, body: unknown): Promise<Answer> {
  const response = await h.app.request(
    `http://127.0.0.1/auth/v1${path}`,
    {
      method: 'POST',
      headers: { apikey: h.keys.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: BENCH_ADDRESS } } },
  );
  return { status: response.status, body: await response.json() };
}

export async function signUp(h: Harness, email: string, password: string): Promise<Answer> {
  const answer = await authCall(h, '/signup', { email, password });
  if (answer.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(answer.body)}`);
  return answer;
}

/** Milliseconds taken by `fn`. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const median = (samples: number[]) => percentile(samples, 50);

export interface Row {
  figure: string;
  value: string;
  target: string;
  baseline: string;
  ratio: string;
  ok: boolean;
}

export function printTable(title: string, rows: Row[]): void {
  const header = ['figure', 'value', 'target', 'baseline (same run)', 'ratio', 'meets target'];
  const lines = rows.map((r) => [r.figure, r.value, r.target, r.baseline, r.ratio, r.ok ? 'yes' : 'NO']);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const format = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(format(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const line of lines) console.log(format(line));
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;
