// Runs every auth benchmark in turn and prints one table: figures, targets, and the baseline of the same run.
import { benchConcurrentRefresh } from './concurrent-refresh.ts';
import { benchEnumerationTiming } from './enumeration-timing.ts';
import { benchPasswordGrant } from './password-grant.ts';
import { benchRefresh } from './refresh.ts';
import { printTable, type Row } from './support.ts';

const rows: Row[] = [];
for (const bench of [benchRefresh, benchPasswordGrant, benchConcurrentRefresh, benchEnumerationTiming]) {
  rows.push(...(await bench()));
}
printTable('Auth service benchmarks (PGlite, in-process)', rows);
process.exitCode = rows.every((row) => row.ok) ? 0 : 1;
