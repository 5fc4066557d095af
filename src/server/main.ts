import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { seedDemo, seedReferenceData } from "./db/seed/seed-demo.ts";
import { fileStoreFromConfig } from "./files/configured-file-store.ts";
import { rekeyData } from "./jobs/data-rekey.ts";
import { startBanner } from "./start-banner.ts";

/** Starts Pedaali: validates config, migrates, seeds demo data when asked, serves, shuts down cleanly. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(config);
  await database.migrate();
  const files = await fileStoreFromConfig(config);
  // jobs: the nightly inactivity deactivation (pg-boss); it starts once the app is ready.
  const app = await buildApp(config, { database, files, jobs: true });
  app.addHook("onClose", async () => {
    await database.close();
    await files.close();
  });
  // Files stored while their bytes were kept in the database move to the FileStore; none on later starts.
  const moved = await files.moveOutOfDatabase(database.db);
  if (moved > 0) app.log.info({ moved, to: files.description }, "stored files moved out of the database");
  // Roles, permissions and the published tax tables, in every environment; existing rows are kept.
  await seedReferenceData(database.db);
  // What an older data key (or JWT_SECRET, before the data keys) sealed moves to the first one now,
  // so a key put first in DATA_KEYS writes everything before the old one leaves.
  await rekeyData(database.db, config, app.log);
  if (config.demoSeed) {
    const { seeded } = await seedDemo(database.db, files, config);
    app.log.info(
      seeded ? "demo data seeded" : "demo data already present (the database has users); demo fixtures reset",
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Past the handlers' 8 s (plugins/graceful-stop.ts) and the job queue's 5 s, the stop is forced.
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: database.kind, files: files.description, demoSeed: config.demoSeed },
    `Pedaali is running at ${config.publicUrl}`,
  );
  // For the person who typed npm start, framed by blank lines after the log's lines; production's log is
  // read by machines.
  if (config.nodeEnv !== "production") console.info(startBanner(config, files.description));
}

main().catch((error) => {
  console.error("Pedaali failed to start:", error);
  process.exit(1);
});
