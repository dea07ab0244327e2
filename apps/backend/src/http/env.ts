// The typed per-request variables shared by the middleware and the services.
import type { Claims } from '../keys.ts';
import type { TrustProxy } from './visitor.ts';

export interface AppEnv {
  Variables: {
    /** Claims of the verified `apikey` (anon or service_role for the generated keys). */
    apikeyClaims: Claims;
    /** The request's headers, read once (see headers.ts). */
    requestHeaders: Record<string, string>;
    /** The CORS headers of a response (see cors.ts), and whether its handler wrote them itself. */
    corsHeaders: Record<string, string>;
    corsHeadersTaken: boolean;
    /** The proxies whose X-Forwarded-For names the visitor (see visitor.ts). */
    trustProxy: TrustProxy;
    /** Set by a storage write that has brought this process's kept rows up to date itself (see storage/routes.ts). */
    storageRowsKept: boolean;
  };
}
