// The session cookie's attributes, shared by the server and browser clients so both write the same cookie.
import type { CookieOptions } from '@supabase/ssr';

/**
 * These equal @supabase/ssr's defaults (400 days, path /, SameSite lax, readable by scripts so the browser client can
 * use it); they are stated here so the contract is visible and cannot drift with a library upgrade. The name is left
 * to supabase-js, which derives it from the backend host (sb-<host>-auth-token), and values longer than 3180
 * characters are split by @supabase/ssr into numbered chunks.
 */
export const SESSION_COOKIE_OPTIONS = {
  path: '/',
  sameSite: 'lax',
  httpOnly: false,
  maxAge: 400 * 24 * 60 * 60,
} as const satisfies CookieOptions;
