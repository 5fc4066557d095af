import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { loginAs, type Session } from "../../../../tests/helpers/auth.ts";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zUserPreferencesResponse } from "../../../contract/account.ts";
import { userPreferences } from "../../db/schema/index.ts";
import { issuePreferencesToken } from "./service.ts";

/**
 * Without limits any logged-in user could grow their preference document without bound (100,000
 * keys, 10 MB), and the server slowed down for everyone. Preferences now have a schema (at most 50
 * keys of a fixed pattern; string, number, boolean or null values; strings up to 1000 characters), the
 * merged document is at most 50 keys and 8 KB, and writes are rate-limited.
 */

const t = setupTestApp({}, { demoData: true });

const USERS = {
  employee: "employee@demo.test",
  editor: "employer.editor@demo.test",
  reporting: "reporting@demo.test",
  group: "group.admin@demo.test",
  admin: "employer.admin@demo.test",
} as const;
type Who = keyof typeof USERS;

const sessions = {} as Record<Who, Session>;
const ids = {} as Record<Who, string>;

beforeAll(async () => {
  for (const who of Object.keys(USERS) as Who[]) {
    sessions[who] = await loginAs(t.app, USERS[who]);
    ids[who] = await userIdByEmail(t.database.db, USERS[who]);
  }
});

let nextAddress = 1;
/** Writes are limited per address: each test writes from an address of its own unless it says so. */
const newAddress = () => `10.55.0.${nextAddress++}`;

const put = (who: Who, payload: unknown, remoteAddress: string) =>
  t.app.inject({
    method: "PUT",
    url: "/api/user-preferences",
    headers: sessions[who].headers(),
    payload: payload as object,
    remoteAddress,
  });

const putByToken = (token: string, payload: unknown, remoteAddress: string) =>
  t.app.inject({
    method: "PUT",
    url: `/api/user-preferences/token/${token}`,
    payload: payload as object,
    remoteAddress,
  });

async function stored(userId: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await t.database.db
    .select({ preferences: userPreferences.preferences })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row?.preferences;
}

/** `count` keys `<prefix>0`, `<prefix>1`… each holding `value`. */
const manyKeys = (count: number, value: unknown, prefix = "key") =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, value]));

describe("PUT /api/user-preferences limits", () => {
  it("100,000 keys are refused with 413 before parsing, and nothing is stored", async () => {
    const from = newAddress();
    expect((await put("employee", { preferences: { theme: "dark" } }, from)).statusCode).toBe(200);
    const before = await stored(ids.employee);
    // Short keys keep the body under the server's 1 MB body limit: only the route's own limit stops it.
    const preferences = Object.fromEntries(
      Array.from({ length: 100_000 }, (_, i) => [`k${i.toString(36)}`, 0]),
    );
    expect(JSON.stringify({ preferences }).length).toBeLessThan(1024 * 1024);
    expectError(await put("employee", { preferences }, from), 413, "PAYLOAD_TOO_LARGE");
    expect(await stored(ids.employee)).toEqual(before);
  });

  it("a patch over 8 KB but under the body limit is refused with 400, nothing stored", async () => {
    const from = newAddress();
    const before = await stored(ids.employee);
    const body = expectError(
      await put("employee", { preferences: manyKeys(9, "x".repeat(1000)) }, from),
      400,
      "VALIDATION_ERROR",
    );
    expect(body.details).toEqual([
      {
        field: "body.preferences",
        message: "Preferences may hold at most 50 keys and 8192 bytes",
        issue: { code: "custom" },
      },
    ]);
    expect(await stored(ids.employee)).toEqual(before);
  });

  it("51 keys are refused with 400 VALIDATION_ERROR, nothing stored", async () => {
    const from = newAddress();
    const before = await stored(ids.editor);
    const body = expectError(
      await put("editor", { preferences: manyKeys(51, true) }, from),
      400,
      "VALIDATION_ERROR",
    );
    expect(body.details?.map((d) => d.field)).toContain("body.preferences");
    expect(await stored(ids.editor)).toEqual(before);
  });

  it.each([
    ["a key that does not start with a letter", { _private: 1 }],
    ["a key with a space", { "font size": 1 }],
    ["a key longer than 64 characters", { [`k${"x".repeat(64)}`]: 1 }],
    ["a string longer than 1000 characters", { note: "x".repeat(1001) }],
  ])("%s is refused with 400 VALIDATION_ERROR, nothing stored", async (_, preferences) => {
    const from = newAddress();
    const before = await stored(ids.editor);
    expectError(await put("editor", { preferences }, from), 400, "VALIDATION_ERROR");
    expect(await stored(ids.editor)).toEqual(before);
  });

  it("a merge that would pass 8 KB is refused and the stored document stays", async () => {
    const from = newAddress();
    const big = "x".repeat(1000);
    const first = await put("reporting", { preferences: { theme: "dark", ...manyKeys(7, big, "a") } }, from);
    expect(first.statusCode, first.body).toBe(200);
    const before = await stored(ids.reporting);
    // Each call alone is small; together they pass 8 KB.
    const body = expectError(
      await put("reporting", { preferences: manyKeys(2, big, "b") }, from),
      400,
      "VALIDATION_ERROR",
    );
    expect(body.details?.[0]).toEqual({
      field: "body.preferences",
      message: "Preferences may hold at most 50 keys and 8192 bytes",
    });
    expect(await stored(ids.reporting)).toEqual(before);
    // Removing keys to make room is always possible.
    const removed = await put("reporting", { preferences: { ...manyKeys(7, null, "a"), b0: big } }, from);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await stored(ids.reporting)).toEqual({ theme: "dark", b0: big });
  });

  it("a merge that would pass 50 keys is refused and the stored document stays", async () => {
    const from = newAddress();
    expect((await put("group", { preferences: manyKeys(30, 1, "a") }, from)).statusCode).toBe(200);
    const before = await stored(ids.group);
    expectError(await put("group", { preferences: manyKeys(21, 1, "b") }, from), 400, "VALIDATION_ERROR");
    expect(await stored(ids.group)).toEqual(before);
    // Exactly 50 is allowed.
    expect((await put("group", { preferences: manyKeys(20, 1, "b") }, from)).statusCode).toBe(200);
    expect(Object.keys((await stored(ids.group)) ?? {})).toHaveLength(50);
  });

  it("still stores valid updates: strings, numbers, booleans; null removes a key", async () => {
    const from = newAddress();
    const first = await put(
      "admin",
      { preferences: { theme: "light", "table.density": "compact", pageSize: 50, newsletter: true } },
      from,
    );
    expect(first.statusCode, first.body).toBe(200);
    const second = await put("admin", { preferences: { newsletter: null, "ui.sidebar-open": false } }, from);
    expect(second.statusCode, second.body).toBe(200);
    const document = { theme: "light", "table.density": "compact", pageSize: 50, "ui.sidebar-open": false };
    expect(zUserPreferencesResponse.parse(second.json())).toEqual({ data: document });
    expect(await stored(ids.admin)).toEqual(document);
  });

  it("answers 429 after 30 writes a minute from one address", async () => {
    const from = newAddress();
    for (let i = 0; i < 30; i++) {
      const res = await put("employee", { preferences: { counter: i } }, from);
      expect(res.statusCode, res.body).toBe(200);
    }
    expectError(await put("employee", { preferences: { counter: 30 } }, from), 429, "TOO_MANY_REQUESTS");
    expect((await stored(ids.employee))?.counter).toBe(29);
  });
});

describe("PUT /api/user-preferences/token/:token limits", () => {
  it("the token link meets the same limits, nothing stored when refused", async () => {
    const userId = await userIdByEmail(t.database.db, "ville.hamalainen@demo.test");
    const token = await issuePreferencesToken(t.database.db, userId);
    const from = newAddress();
    expectError(await putByToken(token, { preferences: manyKeys(51, 1) }, from), 400, "VALIDATION_ERROR");
    const big = "x".repeat(1000);
    expect((await putByToken(token, { preferences: manyKeys(8, big, "a") }, from)).statusCode).toBe(200);
    const before = await stored(userId);
    expectError(
      await putByToken(token, { preferences: manyKeys(1, big, "b") }, from),
      400,
      "VALIDATION_ERROR",
    );
    expect(await stored(userId)).toEqual(before);
  });
});
