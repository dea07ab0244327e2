// The browser's Supabase client, loaded when first needed: supabase-js is a large part of the JavaScript, and the
// first page a visitor opens (sign in) works without it, so it is not part of every page's first download.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../types/supabase';

export function loadBrowserSupabase(): Promise<SupabaseClient<Database>> {
  return import('./supabase.browser').then((module) => module.getBrowserSupabase());
}
