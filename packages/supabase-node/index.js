// supabase-js clients for Node.js processes. Node 20 has no WebSocket of its own, and supabase-js builds its realtime
// client as soon as a client is created, so every Node client gets `ws` as its realtime transport here, once.
// Plain JavaScript with a declaration file: the production web server and the test runners all load it as is.
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

/** The realtime options a supabase-js (or @supabase/ssr) client needs on Node 20 and later alike. */
export const nodeRealtimeOptions = { transport: WebSocket };

/**
 * A supabase-js client for a Node.js process. By default it keeps its session in memory only and never refreshes or
 * reads one from a URL: each process signs in (or uses a key) for itself. Options passed in win.
 */
export function createNodeClient(url, key, options = {}) {
  return createClient(url, key, {
    ...options,
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, ...options.auth },
    realtime: { ...nodeRealtimeOptions, ...options.realtime },
  });
}
