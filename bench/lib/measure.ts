// Timing helpers for benchmarks: repeated runs taken in turn, medians, and a table of figures against their targets.

export interface Timing {
  /** Median wall-clock time. */
  wall: number;
  /** Median CPU time this process spent (the embedded database runs in it): steadier than wall time on a busy machine. */
  cpu: number;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs the functions in turn, round after round, so that each sees the same load; after one warm-up round. */
export async function interleavedMedians<K extends string>(
  runs: number,
  fns: Record<K, () => Promise<unknown>>,
): Promise<Record<K, Timing>> {
  const names = Object.keys(fns) as K[];
  for (const name of names) await fns[name](); // warm-up: caches, prepared plans, JIT
  const samples = new Map(names.map((name) => [name, { wall: [] as number[], cpu: [] as number[] }]));
  for (let i = 0; i < runs; i += 1) {
    for (const name of names) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await fns[name]();
      const wall = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      samples.get(name)!.wall.push(wall);
      samples.get(name)!.cpu.push((cpu.user + cpu.system) / 1000);
    }
  }
  return Object.fromEntries(
    names.map((name) => [name, { wall: median(samples.get(name)!.wall), cpu: median(samples.get(name)!.cpu) }]),
  ) as Record<K, Timing>;
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
