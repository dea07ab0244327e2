// The [realtime] section of config.toml. The Supabase CLI reads `enabled`, `ip_version` and `max_header_length`;
// the limits are those a Supabase project has per tenant (its defaults here), applied by each backend process.
import { z } from 'zod';

export const realtimeTomlSchema = z.object({
  enabled: z.boolean().default(true),
  ip_version: z.enum(['IPv4', 'IPv6']).default('IPv6'),
  max_header_length: z.number().int().min(1).default(4096),
  /** Clients (sockets with at least one channel) one process serves at once. */
  max_concurrent_users: z.number().int().min(1).default(200),
  /** Channels one socket may have joined at once. */
  max_channels_per_client: z.number().int().min(1).default(100),
  /** Messages one socket may send per second; beyond, its channels are closed as Realtime closes them. */
  max_events_per_second: z.number().int().min(1).default(100),
  /** Presence messages (track, untrack) one channel may send per window; beyond, the channel is closed. */
  max_client_presence_events_per_window: z.number().int().min(1).default(5),
  /** That window, in milliseconds. */
  client_presence_window_ms: z.number().int().min(1).default(30_000),
  /** The largest broadcast or presence payload, in kilobytes. */
  max_payload_size_in_kb: z.number().int().min(1).default(256),
});

export type RealtimeConfig = z.infer<typeof realtimeTomlSchema>;
