// password grant latency against its floor: one bcrypt verify of the same stored hash, measured alternately in the
// same run. Target: the grant's median within 15% of the bcrypt median.
import { pathToFileURL } from 'node:url';
import { verify } from '@node-rs/bcrypt';
import { authCall, benchHarness, median, ms, printTable, signUp, timed, type Row } from './support.ts';

const ROUNDS = 150;
const WARMUP = 10;

export async function benchPasswordGrant(): Promise<Row[]> {
  const h = await benchHarness();
  try {
    const email = 'bench-password@example.com';
    const password = 'Bench-password-52';
    await signUp(h, email, password);
    const { rows } = await h.db.query<{ hash: string }>(
      'select encrypted_password as hash from auth.users where email = $1',
      [email],
    );
    const hash = rows[0].hash;
    const grants: number[] = [];
    const bcrypts: number[] = [];
    for (let i = 0; i < WARMUP + ROUNDS; i += 1) {
      const grant = await timed(async () => {
        const answer = await authCall(h, '/token?grant_type=password', { email, password });
        if (answer.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(answer.body)}`);
      });
      const bcrypt = await timed(() => verify(password, hash));
      if (i >= WARMUP) {
        grants.push(grant);
        bcrypts.push(bcrypt);
      }
    }
    const ratio = median(grants) / median(bcrypts);
    return [
      {
        figure: 'password grant median',
        value: ms(median(grants)),
        target: '<= 1.15x bcrypt verify',
        baseline: `bcrypt verify: ${ms(median(bcrypts))}`,
        ratio: `${ratio.toFixed(3)}x`,
        ok: ratio <= 1.15,
      },
    ];
  } finally {
    await h.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  printTable('Auth: password grant', await benchPasswordGrant());
}
