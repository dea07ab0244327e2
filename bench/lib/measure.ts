// Timing helpers for benchmarks: repeated runs, medians, and a table of figures against their targets.

export async function medianMs(runs: number, fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm-up: caches, prepared plans, JIT
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export interface Row {
  figure: string;
  value: string;
  target: string;
  ok: boolean | null;
}

export function printTable(title: string, rows: Row[]): void {
  console.log(`\n${title}`);
  console.table(
    rows.map((row) => ({
      figure: row.figure,
      value: row.value,
      target: row.target,
      met: row.ok === null ? '-' : row.ok ? 'yes' : 'NO',
    })),
  );
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const ratio = (value: number) => `${value.toFixed(2)}x`;
