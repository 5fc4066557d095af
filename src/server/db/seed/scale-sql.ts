import { type SQL, sql } from "drizzle-orm";

/** SQL pieces both scale seeds build their INSERT ... SELECT statements from. */

/** A text[] literal of the values (quotes doubled). */
export const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(",")}]::text[]`);

/**
 * A deterministic UUID of a label and a number (any integer expression): md5 with the version (4) and
 * variant (8) digits of an RFC 9562 UUID put in, so the contracts' uuid checks accept it. The label is
 * written into the SQL, as statements that make temporary tables take no parameters.
 */
export const uuidOf = (label: string, n: SQL) =>
  sql`overlay(overlay(md5(${sql.raw(`'${label.replaceAll("'", "''")}'`)} || (${n})::text) placing '4' from 13) placing '8' from 17)::uuid`;
