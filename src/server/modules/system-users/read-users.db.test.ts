import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zSystemUserDetails, zSystemUsersPage } from "../../../contract/system-users.ts";
import { roles, systemUsers, userRoles, users } from "../../db/schema/index.ts";
import {
  ADMIN,
  DEMO_ADMIN,
  EMPLOYEE,
  GROUP_ADMIN,
  REPORTING,
  systemUsersKit,
  TOINEN_ADMIN,
} from "./test-kit.ts";

/** Reading users: the list of the caller's reach, searched, filtered and paged, and one user with their roles. */

const t = setupTestApp({}, { demoData: true });
const { call, userId, companyId } = systemUsersKit(t);

describe("GET /api/system-users", () => {
  it("lists every user for an admin in the list envelope, 20 per page by default", async () => {
    const res = await call("GET", "/api/system-users", ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    const page = zSystemUsersPage.parse(res.json());
    const [all] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(page).toMatchObject({ page: 1, limit: 20, total: all?.n, hasPrevious: false });
    expect(page.totalPages).toBe(Math.ceil((all?.n ?? 0) / 20));
    expect(page.items.length).toBe(Math.min(20, all?.n ?? 0));
    // Looked up by e-mail: the users other tests create can push the admin off the first page.
    const byEmail = zSystemUsersPage.parse(
      (await call("GET", `/api/system-users?email=${ADMIN}`, ADMIN)).json(),
    );
    const admin = byEmail.items.find((u) => u.workEmail === ADMIN);
    expect(admin).toMatchObject({
      firstName: "Sanna",
      lastName: "Lehtonen",
      roles: ["SUPER_ADMIN"],
      companyId: null,
    });
  });

  it("shows an employer admin only the users of their own company, with the company name", async () => {
    const res = await call("GET", "/api/system-users?isForList=true&limit=100", DEMO_ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    const page = zSystemUsersPage.parse(res.json());
    const demoId = await companyId("Demo Oy");
    expect(page.items.length).toBeGreaterThan(5);
    for (const item of page.items) {
      expect(item.companyId).toBe(demoId);
      expect(item.companyName).toBe("Demo Oy");
    }
    const emails = page.items.map((u) => u.workEmail);
    expect(emails).toContain(EMPLOYEE);
    expect(emails).not.toContain(TOINEN_ADMIN);
    expect(emails).not.toContain(ADMIN);
    expect(page.items.find((u) => u.workEmail === "deactivated@demo.test")?.deactivated).toBe(true);
  });

  it("widens a group admin's list to every company of the group", async () => {
    const res = await call("GET", "/api/system-users?limit=100", GROUP_ADMIN);
    const page = zSystemUsersPage.parse(res.json());
    const names = new Set(page.items.map((u) => u.companyName));
    expect(names).toEqual(new Set(["Demo Oy", "Demo Logistiikka Oy"]));
  });

  it("filters by first name, last name, e-mail and phone: trimmed, any case, contained", async () => {
    // Users of its own, with names and numbers no demo user has: other tests of this file rename
    // demo users and change their numbers, in whatever order the tests run.
    const { db } = t.database;
    const seula = { email: "seula.suodatin@filter.test", phone: "+358457770101" };
    const siivilä = { email: "siivila.esisuodatinen@filter.test", phone: "0457770102" };
    for (const [firstName, lastName, who] of [
      ["Seula", "Suodatin", seula],
      ["Siivilä", "Esisuodatinen", siivilä],
    ] as const) {
      const [user] = await db.insert(users).values({ email: who.email, phoneNumber: who.phone }).returning();
      await db.insert(systemUsers).values({ userId: user?.id as string, firstName, lastName });
    }
    const one = async (query: string) => {
      const res = await call("GET", `/api/system-users?${query}`, ADMIN);
      expect(res.statusCode, res.body).toBe(200);
      return zSystemUsersPage.parse(res.json()).items.map((u) => u.workEmail);
    };
    expect(await one("firstName=%20%20SEUL%20")).toEqual([seula.email]);
    // "Contains": Suodatin and EsiSUODATINen, in the list's order (last name, then first name).
    expect(await one("lastName=suodatin")).toEqual([siivilä.email, seula.email]);
    expect(await one("email=SEULA.SUODATIN@FILTER")).toEqual([seula.email]);
    // Stored as +358457770101; a number typed with a leading 0 and spaces finds it too, and the
    // other way round for the number stored with its 0.
    expect(await one("phoneNumber=045%20777%200101")).toEqual([seula.email]);
    expect(await one("phoneNumber=%2B358457770101")).toEqual([seula.email]);
    expect(await one("phoneNumber=%2B358457770102")).toEqual([siivilä.email]);
    expect(await one("firstName=seula&lastName=esisuodatinen")).toEqual([]);
    // LIKE wildcards are matched literally.
    expect(await one("firstName=%25")).toEqual([]);
    expect(await one("email=_")).toEqual([]);
  });

  it("filters by company: home company or a role held there", async () => {
    const toinenId = await companyId("Toinen Oy");
    const res = await call("GET", `/api/system-users?companyId=${toinenId}`, ADMIN);
    const page = zSystemUsersPage.parse(res.json());
    expect(page.items.map((u) => u.workEmail)).toContain(TOINEN_ADMIN);
    for (const item of page.items) expect(item.companyId).toBe(toinenId);
  });

  it("pages in SQL", async () => {
    const first = zSystemUsersPage.parse((await call("GET", "/api/system-users?limit=2", ADMIN)).json());
    const second = zSystemUsersPage.parse(
      (await call("GET", "/api/system-users?limit=2&page=2", ADMIN)).json(),
    );
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(2);
    expect(first).toMatchObject({ page: 1, limit: 2, hasNext: true, hasPrevious: false });
    expect(second).toMatchObject({ page: 2, hasPrevious: true });
    expect(second.items[0]?.userId).not.toBe(first.items[0]?.userId);
    const beyond = zSystemUsersPage.parse((await call("GET", "/api/system-users?page=999", ADMIN)).json());
    expect(beyond).toMatchObject({ items: [], hasNext: false });
  });

  it("answers bad query values with 400", async () => {
    for (const query of ["limit=101", "limit=0", "page=0", "page=x", "isForList=maybe", "companyId=nope"]) {
      expectError(await call("GET", `/api/system-users?${query}`, ADMIN), 400, "VALIDATION_ERROR");
    }
  });

  it("answers another tenant's company with 404", async () => {
    const demoId = await companyId("Demo Oy");
    expectError(await call("GET", `/api/system-users?companyId=${demoId}`, TOINEN_ADMIN), 404, "NOT_FOUND");
  });

  it("refuses roles without system-users.read (403) and anonymous callers (401)", async () => {
    expectError(await call("GET", "/api/system-users", EMPLOYEE), 403, "FORBIDDEN");
    expectError(await call("GET", "/api/system-users", REPORTING), 403, "FORBIDDEN");
    expectError(await call("GET", "/api/system-users", null), 401, "UNAUTHORIZED");
  });
});

describe("GET /api/system-users/:userId", () => {
  it("answers the user with their role assignments; an employer-side caller sees those in their companies", async () => {
    const { db } = t.database;
    const id = await userId("ville.hamalainen@demo.test");
    const demo = await companyId("Demo Oy");
    const toinen = await companyId("Toinen Oy");
    const [editor] = await db.select().from(roles).where(eq(roles.name, "EMPLOYER_EDITOR"));
    await db.insert(userRoles).values({ userId: id, roleId: editor?.id as string, companyId: toinen });
    try {
      const res = await call("GET", `/api/system-users/${id}`, ADMIN);
      expect(res.statusCode, res.body).toBe(200);
      const user = zSystemUserDetails.parse(res.json());
      expect(user).toMatchObject({
        userId: id,
        workEmail: "ville.hamalainen@demo.test",
        companyName: "Demo Oy",
      });
      expect(user.userRoles).toEqual(
        expect.arrayContaining([
          { roleId: editor?.id, roleName: "EMPLOYER_EDITOR", companyId: toinen, companyName: "Toinen Oy" },
          expect.objectContaining({ roleName: "BIKE_BENEFICIARY", companyId: demo, companyName: "Demo Oy" }),
        ]),
      );
      const scoped = zSystemUserDetails.parse(
        (await call("GET", `/api/system-users/${id}`, DEMO_ADMIN)).json(),
      );
      expect(scoped.userRoles.map((r) => r.companyId)).not.toContain(toinen);
      expect(scoped.userRoles.length).toBe(user.userRoles.length - 1);
    } finally {
      await db.delete(userRoles).where(and(eq(userRoles.userId, id), eq(userRoles.companyId, toinen)));
    }
  });

  it("answers another tenant's user with 404, bad ids with 400, no system-users.read with 403, anonymous with 401", async () => {
    const ville = await userId("ville.hamalainen@demo.test");
    expectError(await call("GET", `/api/system-users/${ville}`, TOINEN_ADMIN), 404, "NOT_FOUND");
    expectError(
      await call("GET", `/api/system-users/${await userId(TOINEN_ADMIN)}`, DEMO_ADMIN),
      404,
      "NOT_FOUND",
    );
    expectError(await call("GET", "/api/system-users/00000000-0000-4000-8000-000000000000", ADMIN), 404);
    expectError(await call("GET", "/api/system-users/nope", ADMIN), 400, "VALIDATION_ERROR");
    expectError(await call("GET", `/api/system-users/${ville}`, EMPLOYEE), 403, "FORBIDDEN");
    expectError(await call("GET", `/api/system-users/${ville}`, null), 401, "UNAUTHORIZED");
  });
});
