// HTTP load with autocannon: one run's successful latencies, throughput and errors, and several runs combined.
import autocannon from 'autocannon';
import { median } from './measure.ts';

export interface Sample {
  /** Milliseconds each successful response took. */
  latencies: number[];
  rps: number;
  errors: number;
}

export async function measureLoad(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<Sample> {
  const latencies: number[] = [];
  const run = autocannon({ url, headers, connections, duration: seconds });
  run.on('response', (_client, status, _bytes, milliseconds) => {
    if (status >= 200 && status < 300) latencies.push(milliseconds);
  });
  const result = await run;
  return { latencies, rps: result.requests.average, errors: result.non2xx + result.errors };
}

/** The p50 of all responses of the runs, their mean throughput, and all their errors. */
export function combineSamples(samples: Sample[]): { p50: number; rps: number; errors: number } {
  return {
    p50: samples.some((sample) => sample.latencies.length) ? median(samples.flatMap((s) => s.latencies)) : NaN,
    rps: samples.reduce((sum, s) => sum + s.rps, 0) / samples.length,
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
  };
}
