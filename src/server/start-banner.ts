import type { Config } from "./config.ts";

/** Where the running app keeps its data, as a newcomer reads it: never a password of DATABASE_URL. */
function databaseInUse(config: Pick<Config, "databaseUrl" | "pgliteDir">): string {
  if (!config.databaseUrl) return `the embedded database in ${config.pgliteDir}`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL at ${url.host}${url.pathname}`;
  } catch {
    return "PostgreSQL (DATABASE_URL)";
  }
}

/**
 * The few lines `npm start` prints once it answers, outside production, for a person rather than a log reader: the
 * address to open, where the data and the files are, and where the demo logins are listed.
 */
export function startBanner(
  config: Pick<Config, "publicUrl" | "databaseUrl" | "pgliteDir" | "demoSeed">,
  filesDescription: string,
): string {
  return [
    "",
    `  Pedaali is running at ${config.publicUrl}`,
    `  Database: ${databaseInUse(config)}`,
    `  Files:    ${filesDescription}`,
    config.demoSeed
      ? '  Demo logins: README.md, "Demo users" (every role, one password)'
      : "  No demo data (DEMO_SEED is off)",
    "",
  ].join("\n");
}
