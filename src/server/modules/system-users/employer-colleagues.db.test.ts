import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { messageOutbox, roles, userRoles } from "../../db/schema/index.ts";

/**
 * A company's admin makes its own colleagues without the helpdesk: an editor, a reporting user, an
 * outside payroll clerk, each with an employer role the admin may grant, in the admin's own company;
 * the colleague gets the set-password mail and can be made a payroll report recipient.
 */
const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);
const ADMIN = "employer.admin@demo.test";
let demoOy: string;
let toinenOy: string;
let n = 0;

beforeAll(async () => {
  demoOy = await companyIdByName(t.database.db, "Demo Oy");
  toinenOy = await companyIdByName(t.database.db, "Toinen Oy");
});

const colleague = (role: string, companyId: string | null = demoOy) => ({
  firstName: "Paula",
  lastName: "Palkanlaskija",
  workEmail: `kollega.${Date.now().toString(36)}.${++n}@tilitoimisto.test`,
  companyId,
  role,
  language: "fi",
});

describe("POST /api/system-users by a company's admin", () => {
  it("makes a reporting colleague in the company, mailed to set a password, and a payroll report recipient", async () => {
    const body = colleague("EMPLOYER_REPORTING");
    const res = await call("POST", "/api/system-users", ADMIN, body);
    expect(res.statusCode, res.body).toBe(201);
    const userId = res.json().user.userId as string;
    const granted = await t.database.db
      .select({ role: roles.name, companyId: userRoles.companyId, by: userRoles.grantedByUserId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId));
    expect(granted).toEqual([
      { role: "EMPLOYER_REPORTING", companyId: demoOy, by: await userIdByEmail(t.database.db, ADMIN) },
    ]);
    const mails = await t.database.db
      .select({ id: messageOutbox.id })
      .from(messageOutbox)
      .where(and(eq(messageOutbox.userId, userId), eq(messageOutbox.channel, "EMAIL")));
    expect(mails.length).toBeGreaterThan(0);
    const recipient = await call("POST", `/api/companies/${demoOy}/payroll-recipients`, ADMIN, {
      userIds: [userId],
    });
    expect(recipient.statusCode, recipient.body).toBeLessThan(300);
  });

  it("grants nothing above the admin's own tier, makes no employee here, and stays in its own company", async () => {
    expectError(await call("POST", "/api/system-users", ADMIN, colleague("SUPER_ADMIN", null)), 403);
    expectError(await call("POST", "/api/system-users", ADMIN, colleague("INTERNAL_ADMIN", null)), 403);
    // The group admin's role widens the reach to the whole group: only a group admin grants it.
    expectError(await call("POST", "/api/system-users", ADMIN, colleague("EMPLOYER_GROUP_ADMIN")), 403);
    expectError(await call("POST", "/api/system-users", ADMIN, colleague("BIKE_BENEFICIARY")), 400);
    expectError(await call("POST", "/api/system-users", ADMIN, colleague("EMPLOYER_EDITOR", toinenOy)), 404);
    expectError(await call("POST", "/api/system-users", ADMIN, colleague("EMPLOYER_EDITOR", null)), 400);
    expectError(
      await call("POST", "/api/system-users", "employer.editor@demo.test", colleague("EMPLOYER_EDITOR")),
      403,
    );
    expect((await call("POST", "/api/system-users", ADMIN, colleague("EMPLOYER_EDITOR"))).statusCode).toBe(
      201,
    );
  });
});
