// 100 concurrent refreshes of one refresh token: every answer is a success (no 5xx), all carry the same new token,
// and the token family gains exactly one new head (one child of the presented token, one live token in the
// session). The baseline is 100 sequential refreshes of fresh tokens in the same run.
import { pathToFileURL } from 'node:url';
import { authCall, benchHarness, ms, printTable, signUp, timed, type Answer, type Row } from './support.ts';

const CONCURRENT = 100;

export async function benchConcurrentRefresh(): Promise<Row[]> {
  const h = await benchHarness();
  try {
    const { body } = await signUp(h, 'bench-concurrent@example.com', 'Bench-concurrent-63');
    const presented: string = body.refresh_token;
    let answers: Answer[] = [];
    const burst = await timed(async () => {
      answers = await Promise.all(
        Array.from({ length: CONCURRENT }, () =>
          authCall(h, '/token?grant_type=refresh_token', { refresh_token: presented }),
        ),
      );
    });
    const serverErrors = answers.filter((a) => a.status >= 500).length;
    const successes = answers.filter((a) => a.status === 200);
    const distinctTokens = new Set(successes.map((a) => a.body.refresh_token)).size;
    const { rows } = await h.db.query<{ children: number; live: number }>(
      `select (select count(*)::int from auth.refresh_tokens where parent = $1) as children,
              (select count(*)::int from auth.refresh_tokens t join auth.refresh_tokens p on p.session_id = t.session_id
               where p.token = $1 and not coalesce(t.revoked, false)) as live`,
      [presented],
    );
    const { children, live } = rows[0];

    let token = successes[0]?.body.refresh_token as string;
    const sequential = await timed(async () => {
      for (let i = 0; i < CONCURRENT; i += 1) {
        const answer = await authCall(h, '/token?grant_type=refresh_token', { refresh_token: token });
        token = answer.body.refresh_token;
      }
    });
    return [
      {
        figure: '100 concurrent refreshes: 5xx answers',
        value: String(serverErrors),
        target: '0',
        baseline: '-',
        ratio: '-',
        ok: serverErrors === 0,
      },
      {
        figure: '... successes / distinct tokens returned',
        value: `${successes.length} / ${distinctTokens}`,
        target: '100 / 1',
        baseline: '-',
        ratio: '-',
        ok: successes.length === CONCURRENT && distinctTokens === 1,
      },
      {
        figure: '... new family heads (children, live tokens)',
        value: `${children}, ${live}`,
        target: '1, 1',
        baseline: '-',
        ratio: '-',
        ok: children === 1 && live === 1,
      },
      {
        figure: '... wall time of the burst',
        value: ms(burst),
        target: '(reported)',
        baseline: `100 sequential: ${ms(sequential)}`,
        ratio: `${(burst / sequential).toFixed(2)}x`,
        ok: true,
      },
    ];
  } finally {
    await h.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  printTable('Auth: concurrent refreshes of one token', await benchConcurrentRefresh());
}
