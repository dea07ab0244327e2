// Writing announcements as the signed-in person, one function per form intent: the database decides who may, this
// says why not in words.
import { failed, invalid, succeeded, type ActionResult, refused } from '../../lib/action-result';
import { formValues, toFieldErrors } from '../../lib/form-fields';
import { announcementInputSchema, type AnnouncementInput } from './announcement-schema';
import { formatInstant, knownTimeZone } from './announcement-times';
import type { TypedSupabaseClient } from '../../types/supabase';

const GONE = 'The announcement no longer exists, or you do not have permission to change it.';

function whenShown(input: AnnouncementInput, now: Date, zone: string): string {
  if (!input.publish_at) return 'was saved as a draft. Only announcement managers see it.';
  if (Date.parse(input.publish_at) > now.getTime()) return `is scheduled for ${formatInstant(input.publish_at, zone)}.`;
  if (input.expires_at && Date.parse(input.expires_at) <= now.getTime()) return 'was saved; it has already expired.';
  return 'was published.';
}

async function save(supabase: TypedSupabaseClient, form: FormData, id?: string): Promise<ActionResult> {
  const intent = id ? 'update-announcement' : 'create-announcement';
  const now = new Date();
  const parsed = announcementInputSchema(now).safeParse(formValues(form));
  if (!parsed.success) return invalid(intent, toFieldErrors(parsed.error));
  const input = parsed.data;
  const request = id
    ? supabase.from('announcements').update(input).eq('id', id).select('id')
    : supabase.from('announcements').insert(input).select('id');
  const { data, error } = await request;
  if (error) return refused(intent, error, 'announcements');
  // Row level security hides rows instead of refusing: nothing changed means not allowed or not there.
  if (!data?.length) return failed(intent, GONE);
  const zone = knownTimeZone(String(form.get('time_zone') ?? ''));
  return succeeded(intent, `Announcement "${input.title}" ${whenShown(input, now, zone)}`);
}

async function change(
  supabase: TypedSupabaseClient,
  intent: string,
  id: string,
  values: Partial<AnnouncementInput>,
  message: (title: string) => string,
): Promise<ActionResult> {
  const { data, error } = await supabase.from('announcements').update(values).eq('id', id).select('title');
  if (error) return refused(intent, error, 'announcements');
  if (!data?.length) return failed(intent, GONE);
  return succeeded(intent, message(data[0].title as string));
}

async function remove(supabase: TypedSupabaseClient, id: string): Promise<ActionResult> {
  const { data, error } = await supabase.from('announcements').delete().eq('id', id).select('title');
  if (error) return refused('delete-announcement', error, 'announcements');
  if (!data?.length) return failed('delete-announcement', GONE);
  return succeeded('delete-announcement', `Announcement "${data[0].title}" was deleted.`);
}

/** Runs the announcement form named by the form's `intent`. */
export async function announcementAction(supabase: TypedSupabaseClient, form: FormData): Promise<ActionResult> {
  const id = String(form.get('id') ?? '');
  switch (form.get('intent')) {
    case 'create-announcement':
      return save(supabase, form);
    case 'update-announcement':
      return save(supabase, form, id);
    case 'pin-announcement': {
      const pinned = form.get('pinned') === 'true';
      return change(supabase, 'pin-announcement', id, { pinned }, (title) =>
        pinned ? `"${title}" is pinned to the top.` : `"${title}" is no longer pinned.`,
      );
    }
    case 'expire-announcement':
      return change(
        supabase,
        'expire-announcement',
        id,
        { expires_at: new Date().toISOString() },
        (title) => `"${title}" has expired: members no longer see it.`,
      );
    case 'delete-announcement':
      return remove(supabase, id);
    default:
      return failed('unknown', 'This form is not known here.');
  }
}
