// A person's calendar feed: GET /functions/v1/calendar-feed/<token>.ics (or ?token=<token>) answers their
// allocations and time off as an iCalendar document, for calendar apps that subscribe to a URL. Calendar apps do not
// sign in, so the function verifies no JWT (config.toml) and the secret token in the link is the only credential;
// the database decides what it opens (public.calendar_feed, callable by the service role only).
import { createClient } from 'npm:@supabase/supabase-js@2';
import { type Feed, renderCalendar } from './calendar.ts';

const supabase = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, {
  auth: { persistSession: false, autoRefreshToken: false },
});

// Tokens are 43 base64url characters (see the calendar feeds migration); anything else is not asked about.
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function tokenOf(url: URL): string | undefined {
  const last = url.pathname.split('/').at(-1) ?? '';
  const candidate = last.endsWith('.ics') ? last.slice(0, -'.ics'.length) : url.searchParams.get('token');
  return candidate && TOKEN.test(candidate) ? candidate : undefined;
}

const text = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(`${message}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });

Deno.serve(async (request) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return text(405, 'A calendar feed is only read (GET).', { allow: 'GET, HEAD' });
  }
  const token = tokenOf(new URL(request.url));
  const notFound = () => text(404, 'No calendar feed at this address. Copy the link again from your Teamplan profile.');
  if (!token) return notFound();

  const { data, error } = await supabase.rpc('calendar_feed', { p_token: token });
  if (error) {
    console.error(`reading the feed failed: ${error.message}`);
    return text(503, 'The calendar feed is not available right now. Try again later.', { 'retry-after': '60' });
  }
  if (!data) return notFound();

  const body = renderCalendar(data as Feed);
  return new Response(request.method === 'HEAD' ? null : body, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'inline; filename="teamplan.ics"',
      // The plan changes: every read gets it as it is now.
      'cache-control': 'no-store',
      'content-length': String(new TextEncoder().encode(body).length),
    },
  });
});
