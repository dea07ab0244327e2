// The answer to a path no service serves, as the Supabase gateway words it.
import type { Context } from 'hono';

export const noRouteMatched = (c: Context) => c.json({ message: 'no Route matched with those values' }, 404);
