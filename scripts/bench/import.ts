/**
 * `npm run bench:import`: a company's staff file at scale. On a fresh database (in-memory PGlite, or a
 * new PostgreSQL database when DATABASE_URL is set) with the demo data, imports a file of `--rows`
 * people (5,000 by default) into Demo Oy: the preview, the write, and the same file again, through
 * app.inject. Prints each step's time and the process's heap before and after, and exits 1 when the
 * preview takes 5 s or more or the write 15 s or more.
 */
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { toCsv } from "../../src/domain/csv.ts";
import { buildApp } from "../../src/server/app.ts";
import { testConfig } from "../../src/server/config.ts";
import { testDataKeyring } from "../../src/server/data-keys.ts";
import { companies } from "../../src/server/db/schema/index.ts";
import { seedDemoIfEmpty } from "../../src/server/db/seed/seed-demo.ts";
import { memoryBlobStore } from "../../src/server/files/blob-store.ts";
import { createFileStore } from "../../src/server/files/file-store.ts";
import { loginAs } from "../../tests/helpers/auth.ts";
import { openBenchDatabase } from "./seed.ts";

const { values } = parseArgs({ options: { rows: { type: "string", default: "5000" } } });
const rows = Number(values.rows);

const header = [
  "Etunimi",
  "Sukunimi",
  "Työsähköposti",
  "Henkilönumero",
  "Kustannuspaikka",
  "Toimipiste",
  "Enimmäishinta",
];
const units = ["Espoon pääkonttori", "Tampereen toimipiste", "Oulun varasto"];
const file = Buffer.from(
  toCsv([
    header,
    ...Array.from({ length: rows }, (_, i) => [
      ["Aino", "Eero", "Helmi", "Onni", "Sofia", "Väinö"][i % 6] as string,
      `Tuonti${i}`,
      `tuonti.${i}@henkilosto.test`,
      `T-${String(i).padStart(6, "0")}`,
      `KP-${100 + (i % 40)}`,
      units[i % 3] as string,
      i % 10 === 0 ? "2 500,00" : "",
    ]),
  ]),
);

const heapMb = () => (process.memoryUsage().heapUsed / 1024 / 1024).toFixed(0);
const { database, drop } = await openBenchDatabase();
let failed = false;
try {
  const files = createFileStore(memoryBlobStore());
  await database.migrate();
  await seedDemoIfEmpty(database.db, files, testDataKeyring());
  const app = await buildApp(testConfig({ logLevel: "silent" }), { database, files });
  await app.ready();
  const session = await loginAs(app, "employer.admin@demo.test");
  const [demo] = await database.db.select().from(companies).where(eq(companies.name, "Demo Oy"));
  const send = async (query: string) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(file)]), "henkilosto.csv");
    const started = performance.now();
    const res = await app.inject({
      method: "POST",
      url: `/api/beneficiary-employee/companies/${demo?.id}/import${query}`,
      headers: session.headers(),
      payload: form,
    });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${query}: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { ms, counts: res.json().counts, errors: res.json().errors.length };
  };
  console.info(`${rows} rows, ${(file.length / 1024).toFixed(0)} kB, ${database.kind}; heap ${heapMb()} MB`);
  const preview = await send("?dryRun=true");
  console.info(
    `preview     ${(preview.ms / 1000).toFixed(2)} s  ${JSON.stringify(preview.counts)} errors ${preview.errors}; heap ${heapMb()} MB`,
  );
  const written = await send("");
  console.info(
    `write       ${(written.ms / 1000).toFixed(2)} s  ${JSON.stringify(written.counts)}; heap ${heapMb()} MB`,
  );
  const again = await send("");
  console.info(
    `same again  ${(again.ms / 1000).toFixed(2)} s  ${JSON.stringify(again.counts)}; heap ${heapMb()} MB`,
  );
  failed = preview.ms >= 5_000 || written.ms >= 15_000;
  if (failed) console.error("Over the goal: the preview under 5 s and the write under 15 s.");
  await app.close();
} finally {
  await database.close();
  await drop();
}
process.exitCode = failed ? 1 : 0;
