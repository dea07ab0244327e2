// The browser's Supabase client, loaded when first needed: supabase-js is a large part of the JavaScript, and the
// first page a visitor opens (sign in) works without it, so it is not part of every page's first download.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../types/supabase';

/** Resolves in a later task of its own. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Asking for the module, running it and creating the client (which reads the session) each take a few milliseconds
 * of a phone's main thread; each in a task of its own, none of them lengthens the task that asked (often the one in
 * which a page that has just started runs its effects).
 */
export async function loadBrowserSupabase(): Promise<SupabaseClient<Database>> {
  await nextTask();
  const module = await import('./supabase.browser');
  await nextTask();
  return module.getBrowserSupabase();
}
