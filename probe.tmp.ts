import { sql, ilike } from "drizzle-orm";
import { alias, PgDialect } from "drizzle-orm/pg-core";
import { insuranceClaims } from "./src/server/db/schema/index.ts";
const found = alias(insuranceClaims, "found_claim");
const q = sql`${insuranceClaims.id} in (${sql`select ${found.id} from ${found} where ${ilike(found.policeReportNumber, "%x%")}`})`;
console.log(new PgDialect({ casing: "snake_case" }).sqlToQuery(q));
