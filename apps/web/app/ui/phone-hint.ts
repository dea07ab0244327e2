// The server's guess, from the request's headers, of whether the page is shown on a phone (lib/phone-hint.server.ts).
// A page that lays itself out differently on a phone renders that way on the server and while it hydrates, and checks
// the screen itself once it runs.
import { createContext } from 'react';

/** Null where nothing was guessed (no server data, as on an error page without it). */
export const PhoneHintContext = createContext<boolean | null>(null);
