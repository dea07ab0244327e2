// refresh_token grant latency on PGlite: p50 of 500 sequential refreshes (each spending the previous token),
// against the baseline of one trivial query on the same database in the same run. Target: p50 under 5 ms.
import { pathToFileURL } from 'node:url';
import { benchHarness, authCall, median, ms, percentile, printTable, signUp, timed, type Row } from './support.ts';

const ROUNDS = 500;
const WARMUP = 30;

export async function benchRefresh(): Promise<Row[]> {
  const h = await benchHarness();
  try {
    const { body } = await signUp(h, 'bench-refresh@example.com', 'Bench-refresh-81');
    let token: string = body.refresh_token;
    const refreshes: number[] = [];
    const queries: number[] = [];
    for (let i = 0; i < WARMUP + ROUNDS; i += 1) {
      let next = '';
      const elapsed = await timed(async () => {
        const answer = await authCall(h, '/token?grant_type=refresh_token', { refresh_token: token });
        if (answer.status !== 200) throw new Error(`refresh failed: ${JSON.stringify(answer.body)}`);
        next = answer.body.refresh_token;
      });
      token = next;
      const query = await timed(() => h.db.query('select 1'));
      if (i >= WARMUP) {
        refreshes.push(elapsed);
        queries.push(query);
      }
    }
    const p50 = median(refreshes);
    const baseline = median(queries);
    return [
      {
        figure: 'refresh_token grant p50 (PGlite)',
        value: ms(p50),
        target: '< 5 ms',
        baseline: `select 1: ${ms(baseline)}`,
        ratio: `${(p50 / baseline).toFixed(1)}x`,
        ok: p50 < 5,
      },
      {
        figure: 'refresh_token grant p95 (PGlite)',
        value: ms(percentile(refreshes, 95)),
        target: '(reported)',
        baseline: `select 1 p95: ${ms(percentile(queries, 95))}`,
        ratio: `${(percentile(refreshes, 95) / percentile(queries, 95)).toFixed(1)}x`,
        ok: true,
      },
    ];
  } finally {
    await h.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  printTable('Auth: refresh_token grant', await benchRefresh());
}
