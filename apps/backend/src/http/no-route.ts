// The answer to a path no service serves, as the Supabase gateway words it.
import type { Duplex } from 'node:stream';
import type { Context } from 'hono';
import { writeRawResponse } from './raw-response.ts';

const NO_ROUTE = { message: 'no Route matched with those values' };

export const noRouteMatched = (c: Context) => c.json(NO_ROUTE, 404);

/** The same answer on a connection taken over for an upgrade. */
export const refuseNoRoute = (socket: Duplex) =>
  writeRawResponse(socket, 404, [['Content-Type', 'application/json']], JSON.stringify(NO_ROUTE));
