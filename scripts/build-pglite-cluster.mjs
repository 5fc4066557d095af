// Part of `npm run build`: the empty embedded database (PostgreSQL's initdb, run once here in
// WebAssembly) as a compressed data-directory dump, dist/server/pglite-initial-cluster.tar.gz. A first
// `npm start` on PGlite loads it instead of running initdb itself (src/server/db/client.ts); the
// migrations and the demo seed still run at the start, so the dump holds nothing of the schema.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";

const target = "dist/server/pglite-initial-cluster.tar.gz";
const client = await PGlite.create();
const dump = await client.dumpDataDir("gzip");
await client.close();
mkdirSync("dist/server", { recursive: true });
writeFileSync(`${target}.tmp`, Buffer.from(await dump.arrayBuffer()));
renameSync(`${target}.tmp`, target);
console.info(`${target}: ${dump.size} bytes`);
