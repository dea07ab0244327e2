// The typed per-request variables shared by the middleware and the services.
import type { Claims } from '../keys.ts';

export interface AppEnv {
  Variables: {
    /** Claims of the verified `apikey` (anon or service_role for the generated keys). */
    apikeyClaims: Claims;
  };
}
