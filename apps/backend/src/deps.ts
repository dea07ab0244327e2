// What every service of the server is built from; created once in main.ts (or by a test) and passed in.
import type { Config } from './config.ts';
import type { Db } from './db/types.ts';
import type { FunctionsRuntime } from './functions/runtime.ts';
import type { Keys } from './keys.ts';
import type { Mailer } from './mail/mailer.ts';
import type { RealtimeService } from './realtime/service.ts';
import type { StorageService } from './storage/service.ts';

export interface Deps {
  config: Config;
  db: Db;
  keys: Keys;
  mailer: Mailer;
  /** Absent where an app is built for some services only (tests); the functions routes then do not exist. */
  functions?: FunctionsRuntime;
  /** The storage service, when [storage] is enabled; /storage/v1 is served only with it. */
  storage?: StorageService;
  /** Absent where an app is built without a listening server (tests); /realtime/v1 then does not exist. */
  realtime?: RealtimeService;
}
