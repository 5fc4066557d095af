import type { Config } from "./config.ts";
import type { Counters } from "./counters.ts";
import type { Database } from "./db/client.ts";
import type { FileStore } from "./files/file-store.ts";
import type { Messaging } from "./messaging/types.ts";
import type { Oidc } from "./oidc/oidc-context.ts";

/** What route modules and services are built with: passed in, never imported as singletons. */
export type AppContext = {
  config: Config;
  database: Database;
  /** Mail and SMS (src/server/messaging). */
  messaging: Messaging;
  /** The counts every app instance shares: lockouts and request rates (src/server/counters.ts). */
  counters: Counters;
  /** Stored files: their rows and their bytes in a folder or S3 (src/server/files/file-store.ts). */
  files: FileStore;
  /** The platform's OpenID Connect keys and relying party (src/server/oidc), made on first use. */
  oidc: Oidc;
};
