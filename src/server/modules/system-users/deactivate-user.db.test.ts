import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { testFileStore } from "../../../../tests/helpers/test-db.ts";
import { zCreateSystemUserResponse, zSystemUserItem } from "../../../contract/system-users.ts";
import { testConfig } from "../../config.ts";
import { createCounters } from "../../counters.ts";
import { refreshSessions, users } from "../../db/schema/index.ts";
import type { Messaging } from "../../messaging/types.ts";
import { createOidc } from "../../oidc/oidc-context.ts";
import { loadCurrentUser } from "../auth/session-user.ts";
import { createSystemUsersService } from "./service.ts";
import {
  ADMIN,
  DEMO_ADMIN,
  EMPLOYEE,
  HELPDESK,
  REPORTING,
  systemUsersKit,
  TOINEN_ADMIN,
} from "./test-kit.ts";

/** Deactivating a user and activating them again, and the last active super admin, who stays active. */

const t = setupTestApp({}, { demoData: true });
const { call, forget, userId, companyId, events, grantDuringBlock } = systemUsersKit(t);

describe("PATCH /api/system-users/:userId/deactivated", () => {
  const patch = (who: string | null, target: string, deactivated: unknown) =>
    call("PATCH", `/api/system-users/${target}/deactivated`, who, { deactivated });

  it("deactivates (ending the sessions) and activates again, with event-log rows", async () => {
    const target = "mikko.deact@demo.test";
    const demoId = await companyId("Demo Oy");
    const created = await call("POST", "/api/system-users", ADMIN, {
      firstName: "Mikko",
      lastName: "Testinen",
      workEmail: target,
      role: "EMPLOYER_REPORTING",
      companyId: demoId,
    });
    const id = zCreateSystemUserResponse.parse(created.json()).user.userId;
    const employeeId = await userId(EMPLOYEE);
    expect((await call("GET", "/api/user", EMPLOYEE)).statusCode).toBe(200);

    const off = await patch(ADMIN, id, true);
    expect(off.statusCode, off.body).toBe(200);
    expect(zSystemUserItem.parse(off.json()).deactivated).toBe(true);
    const again = await patch(ADMIN, id, true);
    expect(again.statusCode).toBe(200);
    expect(await events("USER_DEACTIVATED", id)).toMatchObject([
      { actorUserId: await userId(ADMIN), companyId: demoId },
    ]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row?.deactivatedAt).toBeInstanceOf(Date);

    const on = await patch(ADMIN, id, false);
    expect(zSystemUserItem.parse(on.json()).deactivated).toBe(false);
    expect(await events("USER_ACTIVATED", id)).toHaveLength(1);

    // The employee's sessions end when deactivated.
    const res = await patch(ADMIN, employeeId, true);
    expect(res.statusCode).toBe(200);
    const live = await t.database.db
      .select()
      .from(refreshSessions)
      .where(and(eq(refreshSessions.userId, employeeId), sql`${refreshSessions.revokedAt} is null`));
    expect(live).toHaveLength(0);
    expect((await call("GET", "/api/user", EMPLOYEE)).statusCode).toBe(401);
    forget(EMPLOYEE);
    await patch(ADMIN, employeeId, false);
  });

  it("refuses to deactivate yourself (400) and bad input (400)", async () => {
    expectError(await patch(ADMIN, await userId(ADMIN), true), 400, "CANNOT_DEACTIVATE_SELF");
    const id = await userId("ville.hamalainen@demo.test");
    expectError(await patch(ADMIN, id, "yes"), 400, "VALIDATION_ERROR");
    expectError(await patch(ADMIN, "nope", true), 400, "VALIDATION_ERROR");
    expectError(await patch(ADMIN, "00000000-0000-4000-8000-000000000000", true), 404, "NOT_FOUND");
  });

  it("lets only a super admin deactivate a super admin", async () => {
    expectError(await patch(HELPDESK, await userId(ADMIN), true), 403, "FORBIDDEN");
  });

  it("refuses roles without system-users.manage (403) and anonymous callers (401)", async () => {
    const id = await userId("ville.hamalainen@demo.test");
    expectError(await patch(DEMO_ADMIN, id, true), 403, "FORBIDDEN");
    expectError(await patch(REPORTING, id, true), 403, "FORBIDDEN");
    expectError(await patch(null, id, true), 401, "UNAUTHORIZED");
  });

  describe("by employer admins given system-users.manage", () => {
    grantDuringBlock("EMPLOYER_ADMIN", "system-users.manage");

    it("answers another tenant's user with 404", async () => {
      expectError(
        await patch(TOINEN_ADMIN, await userId("ville.hamalainen@demo.test"), true),
        404,
        "NOT_FOUND",
      );
    });
  });
});

describe("the last active super admin", () => {
  it("cannot be deactivated (409 LAST_SUPER_ADMIN), and stays active", async () => {
    const { db } = t.database;
    const admin = await userId(ADMIN);
    // A race's loser in effect: someone with a super admin's rights who is not one of its counted holders.
    const helpdesk = await loadCurrentUser(db, await userId(HELPDESK));
    const actor = { ...(helpdesk as NonNullable<typeof helpdesk>), roleNames: ["SUPER_ADMIN" as const] };
    const service = createSystemUsersService({
      config: testConfig(),
      database: t.database,
      counters: createCounters(t.database, null),
      files: testFileStore(),
      messaging: {} as Messaging,
      oidc: createOidc(testConfig()),
    });
    await expect(service.setDeactivated(actor, admin, { deactivated: true })).rejects.toMatchObject({
      statusCode: 409,
      code: "LAST_SUPER_ADMIN",
    });
    const [row] = await db.select().from(users).where(eq(users.id, admin));
    expect(row?.deactivated).toBe(false);
    expect(await events("USER_DEACTIVATED", admin)).toEqual([]);
  });
});
