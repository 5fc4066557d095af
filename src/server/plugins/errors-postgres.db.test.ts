import { DrizzleQueryError, sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/helpers/test-db.ts";
import { zErrorResponse } from "../../contract/errors.ts";
import type { Database } from "../db/client.ts";
import { isUniqueViolation } from "../db/postgres-errors.ts";
import { registerErrorHandlers } from "./errors.ts";

/**
 * The second line of defence against bad text (the first is src/contract/text.ts): input the contract
 * let through but PostgreSQL refuses as text (a NUL byte, bad encoding, text that is not a number or a
 * uuid, a value too long) answers 400, never 500, and the body names no SQL.
 */

/** What node-postgres throws: an Error with the SQLSTATE in `code` (PGlite's errors look the same). */
function pgError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: "ERROR", routine: "report_invalid_encoding" });
}

let database: Database;
let thrown: unknown;
const app = Fastify({ logger: false });
registerErrorHandlers(app);
app.get("/throw", async () => {
  throw thrown;
});
/** A real query on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL) through Drizzle, with the value of the query string as its parameter. */
app.get<{ Querystring: { value: string; as: string } }>("/query", async (request) => {
  const { value, as } = request.query;
  await database.db.execute(as === "uuid" ? sql`select ${value}::uuid` : sql`select ${value}::text`);
  return { ok: true };
});

/** An insert into a table with a primary key and a check, to meet real constraint refusals. */
app.get<{ Querystring: { value: string } }>("/insert", async (request) => {
  await database.db.execute(sql`insert into refusals (n) values (${Number(request.query.value)})`);
  return { ok: true };
});

beforeAll(async () => {
  database = await createTestDatabase();
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database?.close();
});

async function answerTo(error: unknown) {
  thrown = error;
  return app.inject({ method: "GET", url: "/throw" });
}

const INVALID_TEXT = [
  ["22021", 'invalid byte sequence for encoding "UTF8": 0x00'],
  ["22P05", "unsupported Unicode escape sequence"],
  ["22P02", 'invalid input syntax for type uuid: "x"'],
  ["22001", "value too long for type character varying(10)"],
] as const;

describe("PostgreSQL's invalid-text errors in the error handler", () => {
  it.each(INVALID_TEXT)("SQLSTATE %s answers 400 BAD_REQUEST without SQL", async (code, message) => {
    for (const error of [
      pgError(code, message),
      // Drizzle wraps the driver's error, with the statement, in DrizzleQueryError.
      new DrizzleQueryError("insert into contact_forms (name) values ($1)", ["x"], pgError(code, message)),
    ]) {
      const res = await answerTo(error);
      expect(res.statusCode, res.body).toBe(400);
      expect(zErrorResponse.parse(res.json())).toEqual({
        statusCode: 400,
        code: "BAD_REQUEST",
        message: "The request holds a value that cannot be stored",
      });
      expect(res.body).not.toMatch(/contact_forms|UTF8|insert|varying|uuid/);
    }
  });

  it("a NUL byte the database refuses through Drizzle answers 400", async () => {
    const res = await app.inject({ method: "GET", url: "/query?as=text&value=a%00b" });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe("BAD_REQUEST");
  });

  it("text that is not a uuid, refused by the database through Drizzle, answers 400", async () => {
    const res = await app.inject({ method: "GET", url: "/query?as=uuid&value=nope" });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe("BAD_REQUEST");
  });

  it("a write a real constraint refuses, through Drizzle, answers 409 CONFLICT naming no constraint", async () => {
    await database.db.execute(sql`create table if not exists refusals (n int primary key check (n > 0))`);
    for (const value of ["1", "1", "-1"]) {
      const res = await app.inject({ method: "GET", url: `/insert?value=${value}` });
      if (res.statusCode === 200) continue;
      expect(res.statusCode, res.body).toBe(409);
      expect(zErrorResponse.parse(res.json()).code).toBe("CONFLICT");
      expect(res.body).not.toMatch(/refusals|pkey|check|duplicate/);
    }
    const refused = await Promise.all(
      ["1", "-1"].map((value) => app.inject({ method: "GET", url: `/insert?value=${value}` })),
    );
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409]);
  });

  it("keeps every other database failure a 500 that says nothing", async () => {
    for (const error of [
      new DrizzleQueryError(
        "select * from secret_table",
        [],
        pgError("42P01", 'relation "secret_table" does not exist'),
      ),
      // A driver error with no SQLSTATE (a lost connection is a 503 instead: errors.test.ts).
      new DrizzleQueryError("select 1", [], new Error("Cannot use a pool after calling end on the pool")),
    ]) {
      const res = await answerTo(error);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        statusCode: 500,
        code: "INTERNAL_ERROR",
        message: "Internal server error",
      });
    }
  });
});

describe("isUniqueViolation", () => {
  it("reads 23505 from the driver's error, wrapped by Drizzle or not, and nothing else", () => {
    const driver = Object.assign(new Error("duplicate key value"), { code: "23505" });
    expect(isUniqueViolation(driver)).toBe(true);
    expect(isUniqueViolation(new DrizzleQueryError("insert into users ...", [], driver))).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error("bad uuid"), { code: "22P02" }))).toBe(false);
    expect(isUniqueViolation(new Error("no code"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
