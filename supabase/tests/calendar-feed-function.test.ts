// The calendar-feed edge function as calendar apps call it: a listening backend serving this project's supabase
// folder runs supabase/functions/calendar-feed on Deno; a member's allocations and time off come back as an
// iCalendar document, read here with an iCalendar parser. A reset token ends the old link; a changed plan shows.
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createNodeClient } from '@teamplan/supabase-node';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFunctionsBackend, type FunctionsBackend } from '../../apps/backend/test/functions/backend.ts';
import { REPO_SUPABASE_DIR } from '../../apps/backend/test/harness.ts';
import { PASSWORD } from './clients.ts';

let fb: FunctionsBackend;
let service: SupabaseClient;
let rosa: SupabaseClient;
let rosaId: string;
let allocationId: string;

/** A date `days` from today (YYYY-MM-DD), so the plan stays within the year the feed shows. */
const fromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function signUp(email: string, fullName: string): Promise<{ client: SupabaseClient; id: string }> {
  const client = createNodeClient(fb.url, fb.backend.deps.keys.anonKey);
  const { data, error } = await client.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { full_name: fullName } },
  });
  if (error || !data.user) throw new Error(`sign-up of ${email} failed: ${error?.message}`);
  return { client, id: data.user.id };
}

beforeAll(async () => {
  fb = await startFunctionsBackend({
    SUPABASE_DIR: REPO_SUPABASE_DIR,
    FUNCTIONS_ENV_FILE: path.join(REPO_SUPABASE_DIR, 'functions', '.env'),
  });
  service = fb.withKey(fb.backend.deps.keys.serviceRoleKey);
  await signUp('founder@example.com', 'Founder');
  ({ client: rosa, id: rosaId } = await signUp('rosa@example.com', 'Rosa Rota'));
  const { data: projects } = await service
    .from('projects')
    .insert([
      { name: 'Apollo', code: 'APL' },
      { name: 'Borealis', code: null },
    ])
    .select('id, name')
    .throwOnError();
  const apollo = projects!.find((p) => p.name === 'Apollo')!.id;
  const borealis = projects!.find((p) => p.name === 'Borealis')!.id;
  const { data: allocations } = await service
    .from('allocations')
    .insert([
      {
        project_id: apollo,
        user_id: rosaId,
        start_date: fromToday(7),
        end_date: fromToday(11),
        hours_per_day: 6,
        tentative: false,
        role: 'Design',
      },
      {
        project_id: borealis,
        user_id: rosaId,
        start_date: fromToday(14),
        end_date: fromToday(14),
        hours_per_day: 2.5,
        tentative: true,
        role: null,
      },
    ])
    .select('id, project_id')
    .throwOnError();
  allocationId = allocations!.find((a) => a.project_id === apollo)!.id;
  await service
    .from('time_off')
    .insert([
      { user_id: rosaId, start_date: fromToday(20), end_date: fromToday(24), hours: null, kind: 'vacation' },
      { user_id: rosaId, start_date: fromToday(30), end_date: fromToday(30), hours: 4, kind: 'sick' },
    ])
    .throwOnError();
}, 120_000);
afterAll(() => fb?.stop());

const feedUrl = (token: string) => `${fb.url}/functions/v1/calendar-feed/${token}.ics`;

const tokenOf = async () => (await rosa.rpc('calendar_feed_token').throwOnError()).data as string;

interface Event {
  uid: string;
  summary: string;
  start: string;
  end: string;
  allDay: boolean;
  status: string;
  description: string | null;
}

function parse(text: string): { name: string; events: Event[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      allDay: event.startDate.isDate,
      status: String(vevent.getFirstPropertyValue('status')),
      description: event.description ?? null,
    };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), events };
}

describe('the calendar feed', () => {
  it('answers the member’s allocations and time off as all-day events', async () => {
    const response = await fetch(feedUrl(await tokenOf()));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('inline; filename="teamplan.ics"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(text).toMatch(/^REFRESH-INTERVAL;VALUE=DURATION:PT1H\r$/m);
    expect(text).toMatch(/^X-PUBLISHED-TTL:PT1H\r$/m);
    const { name, events } = parse(text);
    expect(name).toBe('Teamplan — Rosa Rota');
    expect(events).toEqual([
      {
        uid: `allocation-${allocationId}@teamplan`,
        summary: 'Apollo · 6 h/day',
        start: fromToday(7),
        // DTEND of an all-day event is the day after the last.
        end: fromToday(12),
        allDay: true,
        status: 'CONFIRMED',
        description: 'Project code: APL\nRole: Design',
      },
      expect.objectContaining({
        summary: 'Borealis · 2.5 h/day (tentative)',
        start: fromToday(14),
        end: fromToday(15),
        status: 'TENTATIVE',
        description: 'Tentative: pencilled in, not confirmed yet.',
      }),
      expect.objectContaining({ summary: 'Time off (vacation)', start: fromToday(20), end: fromToday(25) }),
      expect.objectContaining({ summary: 'Time off (sick leave) · 4 h/day', start: fromToday(30), end: fromToday(31) }),
    ]);
  });

  it('takes the token as ?token= too, answers HEAD without a body, and refuses other methods', async () => {
    const token = await tokenOf();
    const byQuery = await fetch(`${fb.url}/functions/v1/calendar-feed?token=${token}`);
    expect(byQuery.status).toBe(200);
    expect(parse(await byQuery.text()).events).toHaveLength(4);
    const head = await fetch(feedUrl(token), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(await head.text()).toBe('');
    const post = await fetch(feedUrl(token), { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers 404 with a short text to a missing, malformed or unknown token', async () => {
    for (const url of [
      `${fb.url}/functions/v1/calendar-feed`,
      `${fb.url}/functions/v1/calendar-feed/not-a-token.ics`,
      feedUrl('A'.repeat(43)),
    ]) {
      const response = await fetch(url);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await response.text()).toBe(
        'No calendar feed at this address. Copy the link again from your Teamplan profile.\n',
      );
    }
  });

  it('stops answering the old link after a reset, and answers the new one', async () => {
    const old = await tokenOf();
    const { data: fresh } = await rosa.rpc('reset_calendar_feed_token').throwOnError();
    expect((await fetch(feedUrl(old))).status).toBe(404);
    const response = await fetch(feedUrl(fresh as string));
    expect(response.status).toBe(200);
    expect(parse(await response.text()).events).toHaveLength(4);
  });

  it('shows a changed allocation under the same UID on the next read', async () => {
    await service
      .from('allocations')
      .update({ hours_per_day: 4, end_date: fromToday(9), tentative: true })
      .eq('id', allocationId)
      .throwOnError();
    const { events } = parse(await (await fetch(feedUrl(await tokenOf()))).text());
    expect(events[0]).toMatchObject({
      uid: `allocation-${allocationId}@teamplan`,
      summary: 'Apollo · 4 h/day (tentative)',
      start: fromToday(7),
      end: fromToday(10),
      status: 'TENTATIVE',
    });
  });
});
