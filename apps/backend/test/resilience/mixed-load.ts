// A day's traffic in miniature against a running backend: reads of the project list, updates of projects (a fixed
// set of rows, so the data does not grow and memory growth means a leak) and refresh-token grants, mixed 6:3:1.
// First the most it sustains is measured with a few callers back to back; then it runs at a fixed rate, sampling the
// backend's resident memory each second. Used by the soak test (bounded) and the soak benchmark (longer, a curve).
import { readFileSync } from 'node:fs';
import type { BackendProcess } from './backend-process.ts';
import type { MemoryProbe, SettledMemory } from './settled-memory.ts';

const PASSWORD = 'correct-horse-42';
const PROJECTS = 50;
const SESSIONS = 8;

interface Session {
  refreshToken: string;
  busy: boolean;
}

export interface Traffic {
  /** One request of the mix; resolves to an error's description, or undefined when it was answered well. */
  one(): Promise<string | undefined>;
}

export interface SoakReport {
  requests: number;
  errors: string[];
  /** Resident memory of the backend, in MB, once per second. */
  rssMb: number[];
  /** The memory kept after a full collection at the end of the warm-up (a quarter in) and at the end. */
  settled: { warm: SettledMemory; end: SettledMemory };
}

export function residentMb(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) / 1024 : NaN;
}

async function call(url: string, init: RequestInit): Promise<Response> {
  return fetch(url, init);
}

export async function prepareTraffic(backend: BackendProcess): Promise<Traffic> {
  const auth = (path: string, body: unknown) =>
    call(`${backend.url}/auth/v1${path}`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((response) => response.json() as Promise<{ access_token: string; refresh_token: string }>);
  // The first account administers the organization and may change its projects.
  const email = `soak-${Date.now()}@example.com`;
  const first = await auth('/signup', { email, password: PASSWORD, data: { full_name: 'Soak Admin' } });
  if (!first.access_token) throw new Error('the soak account could not sign up');
  const sessions: Session[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const session = await auth('/token?grant_type=password', { email, password: PASSWORD });
    sessions.push({ refreshToken: session.refresh_token, busy: false });
  }
  const headers = {
    apikey: backend.anonKey,
    authorization: `Bearer ${first.access_token}`,
    'content-type': 'application/json',
  };
  const created = await call(`${backend.url}/rest/v1/projects`, {
    method: 'POST',
    headers: { ...headers, prefer: 'return=representation' },
    body: JSON.stringify(Array.from({ length: PROJECTS }, (_, i) => ({ name: `Soak project ${i}` }))),
  });
  const ids = ((await created.json()) as Array<{ id: string }>).map((row) => row.id);
  if (ids.length !== PROJECTS) throw new Error('the soak projects could not be created');

  const check = async (what: string, response: Response) => {
    const body = await response.text();
    return response.ok ? undefined : `${what}: ${response.status} ${body.slice(0, 200)}`;
  };
  let turn = 0;
  return {
    async one() {
      const kind = turn++ % 10;
      if (kind < 6) {
        return check(
          'read',
          await call(`${backend.url}/rest/v1/projects?select=id,name,status&order=name&limit=50`, { headers }),
        );
      }
      if (kind < 9) {
        const id = ids[turn % PROJECTS];
        return check(
          'update',
          await call(`${backend.url}/rest/v1/projects?id=eq.${id}`, {
            method: 'PATCH',
            headers: { ...headers, prefer: 'return=minimal' },
            body: JSON.stringify({ description: `Updated ${turn}` }),
          }),
        );
      }
      const session = sessions.find((s) => !s.busy);
      if (!session) return undefined;
      session.busy = true;
      try {
        const response = await call(`${backend.url}/auth/v1/token?grant_type=refresh_token`, {
          method: 'POST',
          headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({ refresh_token: session.refreshToken }),
        });
        if (response.ok) session.refreshToken = ((await response.json()) as { refresh_token: string }).refresh_token;
        return response.ok ? undefined : check('refresh', response);
      } finally {
        session.busy = false;
      }
    },
  };
}

/** Requests per second the backend answers with `callers` sending back to back for `seconds`. */
export async function measureMaximum(traffic: Traffic, callers: number, seconds: number): Promise<number> {
  let done = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (Date.now() < until) {
        await traffic.one();
        done++;
      }
    }),
  );
  return done / seconds;
}

/**
 * Sends `rate` requests a second for `seconds` (at most `maxInFlight` open at once), sampling memory each second; the
 * probe settles memory at the end of the warm-up, under load, and once the last request is answered.
 */
export async function soak(
  backend: BackendProcess,
  traffic: Traffic,
  rate: number,
  seconds: number,
  probe: MemoryProbe,
  maxInFlight = 64,
): Promise<SoakReport> {
  const report: Omit<SoakReport, 'settled'> = { requests: 0, errors: [], rssMb: [residentMb(backend.child.pid!)] };
  const pending = new Set<Promise<void>>();
  const started = Date.now();
  let sent = 0;
  let nextSample = started + 1000;
  let warm: Promise<SettledMemory> | undefined;
  while (Date.now() - started < seconds * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * rate);
    while (sent < due && pending.size < maxInFlight) {
      sent++;
      const request: Promise<void> = traffic
        .one()
        .then(
          (error) => void (error && report.errors.push(error)),
          (error: unknown) => void report.errors.push(`no answer: ${String(error)}`),
        )
        .finally(() => {
          report.requests++;
          pending.delete(request);
        });
      pending.add(request);
    }
    if (Date.now() >= nextSample) {
      report.rssMb.push(residentMb(backend.child.pid!));
      nextSample += 1000;
    }
    if (!warm && Date.now() - started >= (seconds * 1000) / 4) {
      warm = probe.settle();
      // Awaited at the end; a failure meanwhile must not count as unhandled.
      warm.catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(pending);
  report.rssMb.push(residentMb(backend.child.pid!));
  return { ...report, settled: { warm: await (warm ?? probe.settle()), end: await probe.settle() } };
}

/**
 * Growth of resident memory from the end of the warm-up (the first quarter) to the end, as a fraction, read from the
 * straight line that best fits the samples after the warm-up. A line, not the first and last samples: resident memory
 * rises and falls by tens of megabytes with each garbage collection, while a leak tilts the whole curve.
 */
export function rssGrowth(rssMb: number[]): { base: number; end: number; growth: number } {
  const from = Math.floor(rssMb.length / 4);
  const samples = rssMb.slice(from);
  const n = samples.length;
  const meanX = (n - 1) / 2;
  const meanY = samples.reduce((sum, y) => sum + y, 0) / n;
  let covariance = 0;
  let variance = 0;
  samples.forEach((y, x) => {
    covariance += (x - meanX) * (y - meanY);
    variance += (x - meanX) ** 2;
  });
  const slope = variance > 0 ? covariance / variance : 0;
  const base = meanY - slope * meanX;
  const end = base + slope * (n - 1);
  return { base, end, growth: (end - base) / base };
}
