// Background tasks: a function answers at once and finishes its work afterwards with EdgeRuntime.waitUntil, as on
// Supabase. An idle process is not stopped while such a task is pending, a task is capped by the wall-clock limit, and
// the function hears `beforeunload` (reason "termination") before its process is stopped.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFunctionsBackend, type FunctionsBackend } from './backend.ts';

const IDLE_S = 0.3;
const WALL_CLOCK_S = 3;

let fb: FunctionsBackend;
beforeAll(async () => {
  fb = await startFunctionsBackend({
    FUNCTIONS_IDLE_TIMEOUT: String(IDLE_S),
    FUNCTIONS_WALL_CLOCK_LIMIT: String(WALL_CLOCK_S),
  });
});
afterAll(() => fb.stop());

const count = (text: string) => fb.logs().filter((line) => line.includes(text)).length;
const SHUTDOWN = 'background: shutting down (termination)';

async function startTask(query: string) {
  const started = Date.now();
  const { data, error } = await fb.anon.functions.invoke(`background?${query}`, { method: 'GET' });
  expect(error).toBeNull();
  // waitUntil hands back the task it was given, and the answer does not wait for it.
  expect(data).toEqual({ sameTask: true });
  return started;
}

it('finishes a background task after the answer, though the process is idle for longer than its idle timeout', async () => {
  const started = await startTask('ms=1500');
  await expect.poll(() => count('background: done after 1500 ms'), { timeout: 10_000 }).toBe(1);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
  // Once the task is done, the idle process is stopped, and the function hears why first.
  await expect.poll(() => count(SHUTDOWN), { timeout: 5_000 }).toBe(1);
});

it('logs a background task that fails, and the function serves on', async () => {
  await startTask('ms=50&fail');
  await expect
    .poll(() => count('Uncaught (in promise) in a background task: Error: the background task failed'))
    .toBe(1);
  expect(count('background: done after 50 ms')).toBe(0);
  await startTask('ms=10');
  await expect.poll(() => count('background: done after 10 ms')).toBe(1);
});

it('ends a background task that runs past the wall-clock limit with its process', async () => {
  await expect.poll(() => count(SHUTDOWN), { timeout: 5_000 }).toBe(2);
  const started = await startTask('ms=60000');
  await expect.poll(() => count(SHUTDOWN), { timeout: 10_000 }).toBe(3);
  expect(Date.now() - started).toBeGreaterThanOrEqual(WALL_CLOCK_S * 1000);
  expect(count('background: done after 60000 ms')).toBe(0);
});
