// Loads the pictures of the signed-in pages once per page load: one query for the paths, and one batch of signed URLs
// (createSignedUrls) for the avatars not signed recently. Avatars are readable by every member, so a URL signed for one
// member's request may be handed to another's: only paths the caller's own query returned are looked up.
import type { TypedSupabaseClient } from '../../types/supabase';
import { getServerEnv } from '../../session/env.server';
import { logoUrlOf, NO_PICTURES, type Pictures } from '../../ui/pictures';
import { createUrlCache } from './url-cache';

const HOUR_S = 60 * 60;
const avatarUrls = createUrlCache({ ttlMs: HOUR_S * 1000, renewBeforeMs: 15 * 60 * 1000, max: 5000 });

export async function loadLogoUrl(supabase: TypedSupabaseClient): Promise<string | null> {
  const { data, error } = await supabase.rpc('organization_logo');
  if (error) return null;
  return logoUrlOf(getServerEnv().SUPABASE_URL, data);
}

export async function loadPictures(supabase: TypedSupabaseClient, isMember: boolean): Promise<Pictures> {
  if (!isMember) return { ...NO_PICTURES, logoUrl: await loadLogoUrl(supabase) };
  const [logoUrl, profiles] = await Promise.all([
    loadLogoUrl(supabase),
    supabase.from('profiles').select('id, avatar_path').not('avatar_path', 'is', null),
  ]);
  const rows = (profiles.data ?? []).filter((row): row is { id: string; avatar_path: string } => !!row.avatar_path);
  const urls = await avatarUrls
    .urlsOf(
      rows.map((row) => row.avatar_path),
      async (missing) => {
        const { data } = await supabase.storage.from('avatars').createSignedUrls(missing, HOUR_S);
        const signed = new Map<string, string>();
        for (const item of data ?? []) if (item.path && item.signedUrl) signed.set(item.path, item.signedUrl);
        return signed;
      },
    )
    .catch(() => new Map<string, string>());
  const avatars: Record<string, string> = {};
  for (const row of rows) {
    const url = urls.get(row.avatar_path);
    if (url) avatars[row.id] = url;
  }
  return { logoUrl, avatars };
}
