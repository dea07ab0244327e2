import type { SupabaseClient, SupabaseClientOptions } from '@supabase/supabase-js';

/** The realtime options a supabase-js (or @supabase/ssr) client needs on Node 20 and later alike. */
export declare const nodeRealtimeOptions: { transport: typeof globalThis.WebSocket };

/**
 * A supabase-js client for a Node.js process, with `ws` as its realtime transport; by default it keeps its session in
 * memory only and never refreshes or reads one from a URL. Options passed in win. Typed by `Database` when given.
 */
export declare function createNodeClient(
  url: string,
  key: string,
  options?: SupabaseClientOptions<'public'>,
): SupabaseClient;
export declare function createNodeClient<Database>(
  url: string,
  key: string,
  options?: SupabaseClientOptions<'public'>,
): SupabaseClient<Database>;
