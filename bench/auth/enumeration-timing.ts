// Account enumeration by timing: a password sign-in for an unknown address against one with a wrong password for a
// real account, 500 tries each, interleaved (alternating which goes first). Target: medians within 5% of each other. The baseline is the spread
// between two halves of the wrong-password tries themselves (the noise of the machine in the same run).
import { pathToFileURL } from 'node:url';
import {
  authCall,
  benchHarness,
  forgetFailedPasswords,
  median,
  ms,
  printTable,
  signUp,
  timed,
  type Row,
} from './support.ts';

const TRIES = 500;

export async function benchEnumerationTiming(): Promise<Row[]> {
  const h = await benchHarness();
  try {
    const email = 'bench-timing@example.com';
    await signUp(h, email, 'Bench-timing-74');
    const unknown: number[] = [];
    const wrong: number[] = [];
    const tryUnknown = (i: number) =>
      timed(() =>
        authCall(h, '/token?grant_type=password', { email: `nobody-${i}@example.com`, password: 'Wrong-pass-11' }),
      );
    const tryWrong = () => timed(() => authCall(h, '/token?grant_type=password', { email, password: 'Wrong-pass-11' }));
    for (let i = 0; i < TRIES + 10; i += 1) {
      // Alternating which goes first keeps the order of the pair from favouring either.
      let unknownMs: number;
      let wrongMs: number;
      await forgetFailedPasswords(h);
      if (i % 2 === 0) {
        unknownMs = await tryUnknown(i);
        wrongMs = await tryWrong();
      } else {
        wrongMs = await tryWrong();
        unknownMs = await tryUnknown(i);
      }
      if (i >= 10) {
        unknown.push(unknownMs);
        wrong.push(wrongMs);
      }
    }
    const difference = Math.abs(median(unknown) - median(wrong)) / median(wrong);
    const halves = Math.abs(median(wrong.filter((_, i) => i % 2 === 0)) - median(wrong.filter((_, i) => i % 2 === 1)));
    const noise = halves / median(wrong);
    return [
      {
        figure: 'unknown e-mail median',
        value: ms(median(unknown)),
        target: '(reported)',
        baseline: `wrong password: ${ms(median(wrong))}`,
        ratio: `${(median(unknown) / median(wrong)).toFixed(3)}x`,
        ok: true,
      },
      {
        figure: 'relative difference of the medians',
        value: `${(difference * 100).toFixed(2)} %`,
        target: '< 5 %',
        baseline: `noise between halves: ${(noise * 100).toFixed(2)} %`,
        ratio: noise > 0 ? `${(difference / noise).toFixed(2)}x noise` : '-',
        ok: difference < 0.05,
      },
    ];
  } finally {
    await h.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  printTable(`Auth: unknown e-mail vs wrong password (${TRIES} tries each)`, await benchEnumerationTiming());
}
