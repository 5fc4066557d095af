import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

/**
 * The browser tests run in as many workers as the machine has cores (E2E_WORKERS changes it), and
 * each worker talks to a server of its own on a database of its own, so that journeys running side by
 * side never see each other's data: worker i's server listens on E2E_PORT + i.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? availableParallelism());
const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);

export function serverUrl(workerIndex: number): string {
  return `http://localhost:${BASE_PORT + workerIndex}`;
}

export function serverPort(workerIndex: number): number {
  return BASE_PORT + workerIndex;
}

/**
 * Worker i's server writes its log here, at info as in production, for the check after the journeys
 * that no password, token, code or identity code reaches the log (log-secrets-check.ts). Playwright
 * empties test-results at the start of each run, before it starts the servers.
 */
export function serverLogFile(workerIndex: number): string {
  return fileURLToPath(new URL(`../../test-results/server-${workerIndex}.log`, import.meta.url));
}

/** The local strong identification broker and company identity provider (scripts/identity-providers.ts). */
export const STRONG_ID_ISSUER = "http://127.0.0.1:3401";
export const COMPANY_IDP_ISSUER = "http://127.0.0.1:3402";
/** The platform's client at the local providers (npm run identity-providers, the browser journeys). */
export const LOCAL_CLIENT_ID = "pedaali-local";
export const LOCAL_CLIENT_SECRET = "local-provider-secret";

/** The key set the app servers share behind the broker's one client, made by the providers' script. */
export const OIDC_KEYS_FILE = fileURLToPath(new URL("../../test-results/oidc-keys.json", import.meta.url));
