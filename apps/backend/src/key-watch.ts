// Every process loads the keys again when one of them (or the rotation command) changes them, and after its
// notification connection comes back (a change may have been missed meanwhile).
import type { Deps } from './deps.ts';
import { KEYS_CHANNEL } from './key-store.ts';
import { loadKeys } from './keys.ts';
import { forgetVerified } from './rest/jwt-cache.ts';

export async function watchKeys(deps: Pick<Deps, 'config' | 'db' | 'keys'>): Promise<() => Promise<void>> {
  let reloading = Promise.resolve();
  const reload = () => {
    reloading = reloading
      .then(async () => {
        const next = await loadKeys(deps.config, deps.db);
        forgetVerified(deps.keys);
        // The same object is held by every service: its contents change, not the reference.
        Object.assign(deps.keys, next);
      })
      .catch((error: unknown) => console.error('The keys could not be loaded again:', error));
  };
  return deps.db.listen(KEYS_CHANNEL, reload);
}
