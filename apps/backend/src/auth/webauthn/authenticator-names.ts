// The model name of an authenticator from its AAGUID (the community list the aaguids package ships), which GoTrue
// gives a new passkey as its friendly name; "Passkey" when the model is unknown or not told.
import { createRequire } from 'node:module';

const names = createRequire(import.meta.url)('aaguids') as Record<string, string>;

export function authenticatorName(aaguid: string | null): string {
  return (aaguid && names[aaguid.toLowerCase()]) || 'Passkey';
}
