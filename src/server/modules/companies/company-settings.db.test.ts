import { randomUUID } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zBikePolicy, zCodeMessage, zCompanyDetails } from "../../../contract/companies.ts";
import {
  zCompanyRecipients,
  zCompanyUnitResponse,
  zGroupRecipients,
} from "../../../contract/company-settings.ts";
import {
  beneficiaryEmployees,
  bikePolicies,
  companies,
  companyUnits,
  eventLog,
  groupCompanies,
  groupPayrollReportRecipients,
  payrollReportRecipients,
  users,
} from "../../db/schema/index.ts";
import { DEMO_GROUP_COMPANY } from "../../db/seed/demo-data.ts";

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const ADMIN = "admin@pedaali.test";
const DEMO_ADMIN = "employer.admin@demo.test";
const EDITOR = "employer.editor@demo.test";
const GROUP_ADMIN = "group.admin@demo.test";
const REPORTING = "reporting@demo.test";
const TOINEN_ADMIN = "employer.admin@toinen.test";
const EMPLOYEE = "employee@demo.test";

let demoOyId: string;
let logistiikkaId: string;
let groupId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const { db } = t.database;
  demoOyId = await companyIdByName(db, "Demo Oy");
  logistiikkaId = await companyIdByName(db, "Demo Logistiikka Oy");
  const [group] = await db
    .select({ id: groupCompanies.id })
    .from(groupCompanies)
    .where(eq(groupCompanies.name, DEMO_GROUP_COMPANY.name));
  groupId = group?.id as string;
  for (const email of [DEMO_ADMIN, EDITOR, GROUP_ADMIN, REPORTING, EMPLOYEE, TOINEN_ADMIN])
    ids[email] = await userIdByEmail(db, email);
});

const unique = () => randomUUID().slice(0, 8);

/** A unit of Demo Oy made for the test. */
async function freshUnit(unitName = `Yksikkö ${unique()}`) {
  const [unit] = await t.database.db
    .insert(companyUnits)
    .values({ companyId: demoOyId, unitName })
    .returning({ id: companyUnits.id });
  return unit?.id as string;
}

describe("company units", () => {
  it("adds, renames and deletes a unit with its own codes", async () => {
    const unitName = `Lahden toimipiste ${unique()}`;
    const res = await call("POST", "/api/company-unit", DEMO_ADMIN, {
      unit: { unitName },
      companyId: demoOyId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = zCompanyUnitResponse.parse(res.json());
    expect(created).toMatchObject({
      code: "COMPANY_UNIT_CREATED",
      unit: { data: { unitName, companyId: demoOyId, employeeCount: 0 } },
    });
    const unitId = created.unit.data.unitId;

    const renamed = await call("PATCH", `/api/company-unit/${unitId}`, DEMO_ADMIN, {
      unitName: `${unitName} 2`,
    });
    expect(zCompanyUnitResponse.parse(renamed.json()).code).toBe("COMPANY_UNIT_UPDATED");
    const [stored] = await t.database.db.select().from(companyUnits).where(eq(companyUnits.id, unitId));
    expect(stored?.unitName).toBe(`${unitName} 2`);

    const deleted = await call("DELETE", `/api/company-unit/${unitId}`, DEMO_ADMIN);
    expect(zCodeMessage.parse(deleted.json()).code).toBe("COMPANY_UNIT_DELETED");
    expect(await t.database.db.select().from(companyUnits).where(eq(companyUnits.id, unitId))).toEqual([]);
  });

  it("answers 409 for a name the company has in any case, and for a unit employees belong to", async () => {
    const name = `Porin toimipiste ${unique()}`;
    const taken = await freshUnit(name);
    const other = await freshUnit();
    expectError(
      await call("POST", "/api/company-unit", DEMO_ADMIN, {
        unit: { unitName: name.toUpperCase() },
        companyId: demoOyId,
      }),
      409,
      "UNIT_NAME_TAKEN",
    );
    expectError(
      await call("PATCH", `/api/company-unit/${other}`, DEMO_ADMIN, { unitName: name.toLowerCase() }),
      409,
      "UNIT_NAME_TAKEN",
    );
    const { db } = t.database;
    const [user] = await db
      .insert(users)
      .values({ email: `yksikko.${unique()}@demo.test` })
      .returning({ id: users.id });
    await db
      .insert(beneficiaryEmployees)
      .values({ userId: user?.id as string, companyId: demoOyId, unitId: taken });
    // The company page counts the unit's employee.
    const company = zCompanyDetails.parse(
      (await call("GET", `/api/companies/${demoOyId}`, DEMO_ADMIN)).json(),
    );
    expect(company.companyUnits.find((u) => u.unitId === taken)?.employeeCount).toBe(1);
    const inUse = expectError(
      await call("DELETE", `/api/company-unit/${taken}`, DEMO_ADMIN),
      409,
      "UNIT_IN_USE",
    );
    expect(inUse.message).toMatch(/^1 employee/);
    expect(await db.select().from(companyUnits).where(eq(companyUnits.id, taken))).toHaveLength(1);
  });

  it("refuses bad input, the editor (no company-settings.manage) and another tenant", async () => {
    const unitId = await freshUnit();
    expectError(
      await call("POST", "/api/company-unit", DEMO_ADMIN, { unit: { unitName: "  " }, companyId: demoOyId }),
      400,
    );
    expectError(await call("PATCH", `/api/company-unit/${unitId}`, DEMO_ADMIN, {}), 400);
    expectError(
      await call("POST", "/api/company-unit", EDITOR, { unit: { unitName: "X" }, companyId: demoOyId }),
      403,
      "FORBIDDEN",
    );
    expectError(
      await call("POST", "/api/company-unit", TOINEN_ADMIN, { unit: { unitName: "X" }, companyId: demoOyId }),
      404,
      "NOT_FOUND",
    );
    expectError(await call("PATCH", `/api/company-unit/${unitId}`, TOINEN_ADMIN, { unitName: "X" }), 404);
    expectError(await call("DELETE", `/api/company-unit/${unitId}`, TOINEN_ADMIN), 404);
    expectError(await call("DELETE", `/api/company-unit/${randomUUID()}`, DEMO_ADMIN), 404);
  });
});

describe("payroll report recipients", () => {
  const path = () => `/api/companies/${demoOyId}/payroll-recipients`;
  const storedRecipients = async () =>
    (
      await t.database.db
        .select({ userId: payrollReportRecipients.userId })
        .from(payrollReportRecipients)
        .where(eq(payrollReportRecipients.companyId, demoOyId))
    ).map((r) => r.userId);

  it("adds ({ userIds }, { userId }, PATCH) and removes a company's recipients", async () => {
    const before = await storedRecipients();
    const editor = ids[EDITOR] as string;
    const reporting = ids[REPORTING] as string;
    try {
      const added = await call("POST", path(), DEMO_ADMIN, { userIds: [editor, editor] });
      expect(added.statusCode, added.body).toBe(200);
      expect(zCompanyRecipients.parse(added.json()).recipients.map((r) => r.email)).toContain(EDITOR);
      const again = await call("POST", path(), DEMO_ADMIN, { userId: editor });
      expect(again.statusCode, again.body).toBe(200);
      const patched = await call("PATCH", `${path()}/${reporting}`, DEMO_ADMIN);
      expect(patched.statusCode, patched.body).toBe(200);
      expect((await storedRecipients()).sort()).toEqual([...new Set([...before, editor, reporting])].sort());
      const listed = zCompanyRecipients.parse((await call("GET", path(), DEMO_ADMIN)).json());
      expect(listed.recipients.find((r) => r.userId === reporting)).toMatchObject({ firstName: "Timo" });

      const removed = await call("DELETE", `${path()}/${reporting}`, DEMO_ADMIN);
      expect(zCompanyRecipients.parse(removed.json()).recipients.map((r) => r.userId)).not.toContain(
        reporting,
      );
    } finally {
      await t.database.db
        .delete(payrollReportRecipients)
        .where(and(eq(payrollReportRecipients.companyId, demoOyId)));
      if (before.length > 0) {
        await t.database.db
          .insert(payrollReportRecipients)
          .values(before.map((userId) => ({ companyId: demoOyId, userId })));
      }
    }
  });

  it("refuses someone without an employer role in the company with the field, and wrong callers", async () => {
    const before = await storedRecipients();
    const bad = expectError(await call("POST", path(), DEMO_ADMIN, { userIds: [ids[EMPLOYEE]] }), 400);
    expect(bad.details?.map((d) => d.field)).toEqual(["body.userIds"]);
    const other = expectError(await call("PATCH", `${path()}/${ids[TOINEN_ADMIN]}`, DEMO_ADMIN), 400);
    expect(other.details?.map((d) => d.field)).toEqual(["params.userId"]);
    expect(await storedRecipients()).toEqual(before);
    expectError(await call("POST", path(), DEMO_ADMIN, { userIds: [] }), 400);
    expectError(await call("GET", path(), REPORTING), 403, "FORBIDDEN");
    expectError(await call("GET", path(), TOINEN_ADMIN), 404, "NOT_FOUND");
    expectError(await call("POST", path(), TOINEN_ADMIN, { userId: ids[TOINEN_ADMIN] }), 404);
  });

  it("manages a group's recipients for its group admin; a company's own admin gets 404", async () => {
    const groupPath = `/api/group-companies/${groupId}/payroll-recipients`;
    const editor = ids[EDITOR] as string;
    try {
      const added = await call("POST", groupPath, GROUP_ADMIN, { userIds: [editor] });
      expect(added.statusCode, added.body).toBe(200);
      expect(zGroupRecipients.parse(added.json()).data.map((r) => r.userId)).toContain(editor);
      const listed = zGroupRecipients.parse((await call("GET", groupPath, ADMIN)).json());
      expect(listed.data.map((r) => r.userId)).toContain(editor);
      expectError(await call("POST", groupPath, GROUP_ADMIN, { userId: ids[TOINEN_ADMIN] }), 400);
      const removed = await call("DELETE", `${groupPath}/${editor}`, GROUP_ADMIN);
      expect(zGroupRecipients.parse(removed.json()).data.map((r) => r.userId)).not.toContain(editor);
      expectError(await call("GET", groupPath, DEMO_ADMIN), 404);
      expectError(await call("GET", groupPath, TOINEN_ADMIN), 404);
      expectError(await call("GET", groupPath, REPORTING), 403);
    } finally {
      await t.database.db
        .delete(groupPayrollReportRecipients)
        .where(
          and(
            eq(groupPayrollReportRecipients.groupCompanyId, groupId),
            eq(groupPayrollReportRecipients.userId, editor),
          ),
        );
    }
  });
});

describe("bike policy", () => {
  const policy = {
    minLeaseTimeMonths: 24,
    maxLeaseTimeMonths: 48,
    requiresEmployerApproval: false,
    accessoriesAllowed: true,
    maintenanceIncluded: true,
    insuranceRequired: false,
    policyText: "Pyöräetu koskee\nkaikkia vakituisia.",
  };
  const demoPolicy = async () =>
    (
      await t.database.db
        .select()
        .from(bikePolicies)
        .where(and(eq(bikePolicies.companyId, demoOyId), isNull(bikePolicies.userId)))
    )[0];

  it("saves a company's policy and reads it back; the employee reads their company's", async () => {
    const before = await demoPolicy();
    try {
      const res = await call("PUT", `/api/bike-policy/company/${demoOyId}`, DEMO_ADMIN, policy);
      expect(res.statusCode, res.body).toBe(200);
      // Eligibility left out: every employee, without a note (the callers before it keep working).
      expect(zBikePolicy.parse(res.json())).toEqual({
        companyId: demoOyId,
        ...policy,
        eligibility: "ALL_EMPLOYEES",
        eligibilityNote: null,
      });
      expect(await demoPolicy()).toMatchObject({
        id: before?.id,
        minLeaseTimeMonths: 24,
        maintenanceIncluded: true,
      });
      const read = await call("GET", `/api/bike-policy/company/${demoOyId}`, EMPLOYEE);
      expect(zBikePolicy.parse(read.json()).policyText).toBe(policy.policyText);
      const own = await call("GET", "/api/bike-policy/user", EMPLOYEE);
      expect(zBikePolicy.parse(own.json())).toMatchObject({ companyId: demoOyId, maxLeaseTimeMonths: 48 });
    } finally {
      if (before) {
        const { id: _, createdAt: __, updatedAt: ___, ...values } = before;
        await t.database.db.update(bikePolicies).set(values).where(eq(bikePolicies.id, before.id));
      }
    }
  });

  it("saves who is eligible with a note, and answers them on every read of the policy", async () => {
    const before = await demoPolicy();
    const note = "Määräaikaiset, joiden työsuhde kestää\nvähintään vuokrakauden.";
    try {
      const res = await call("PUT", `/api/bike-policy/company/${demoOyId}`, DEMO_ADMIN, {
        ...policy,
        eligibility: "AFTER_TRIAL_PERIOD",
        eligibilityNote: note,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(zBikePolicy.parse(res.json())).toMatchObject({
        eligibility: "AFTER_TRIAL_PERIOD",
        eligibilityNote: note,
      });
      expect(await demoPolicy()).toMatchObject({ eligibility: "AFTER_TRIAL_PERIOD", eligibilityNote: note });
      const read = zBikePolicy.parse(
        (await call("GET", `/api/bike-policy/company/${demoOyId}`, EDITOR)).json(),
      );
      expect(read).toMatchObject({ eligibility: "AFTER_TRIAL_PERIOD", eligibilityNote: note });
      const own = zBikePolicy.parse((await call("GET", "/api/bike-policy/user", EMPLOYEE)).json());
      expect(own).toMatchObject({ eligibility: "AFTER_TRIAL_PERIOD", eligibilityNote: note });
      const company = zCompanyDetails.parse(
        (await call("GET", `/api/companies/${demoOyId}`, DEMO_ADMIN)).json(),
      );
      expect(company.bikePolicy).toMatchObject({ eligibility: "AFTER_TRIAL_PERIOD", eligibilityNote: note });

      // An empty note is none.
      const cleared = await call("PUT", `/api/bike-policy/company/${demoOyId}`, DEMO_ADMIN, {
        ...policy,
        eligibility: "AFTER_TRIAL_PERIOD",
        eligibilityNote: "",
      });
      expect(zBikePolicy.parse(cleared.json()).eligibilityNote).toBeNull();
    } finally {
      if (before) {
        const { id: _, createdAt: __, updatedAt: ___, ...values } = before;
        await t.database.db.update(bikePolicies).set(values).where(eq(bikePolicies.id, before.id));
      }
    }
  });

  it("refuses an unknown eligibility and a note with control characters", async () => {
    const stored = await demoPolicy();
    const unknown = expectError(
      await call("PUT", `/api/bike-policy/company/${demoOyId}`, DEMO_ADMIN, {
        ...policy,
        eligibility: "AFTER_PROBATION",
      }),
      400,
    );
    expect(unknown.details?.map((d) => d.field)).toEqual(["body.eligibility"]);
    const control = expectError(
      await call("PUT", `/api/bike-policy/company/${demoOyId}`, DEMO_ADMIN, {
        ...policy,
        eligibilityNote: "Koeajan\u0000 jälkeen",
      }),
      400,
    );
    expect(control.details?.map((d) => d.field)).toEqual(["body.eligibilityNote"]);
    expect(await demoPolicy()).toEqual(stored);
  });

  it("answers a user's own override first, and 404 BIKE_POLICY_NOT_SET when there is none", async () => {
    const { db } = t.database;
    const employee = ids[EMPLOYEE] as string;
    try {
      await db.insert(bikePolicies).values({ companyId: demoOyId, userId: employee, maxLeaseTimeMonths: 60 });
      const own = await call("GET", "/api/bike-policy/user", EMPLOYEE);
      expect(zBikePolicy.parse(own.json()).maxLeaseTimeMonths).toBe(60);
    } finally {
      await db.delete(bikePolicies).where(eq(bikePolicies.userId, employee));
    }
    expectError(await call("GET", "/api/bike-policy/user", ADMIN), 404, "BIKE_POLICY_NOT_SET");
  });

  it("refuses a shortest period above the longest, the editor's change and another tenant", async () => {
    const bad = expectError(
      await call("PUT", `/api/bike-policy/company/${demoOyId}`, DEMO_ADMIN, {
        ...policy,
        minLeaseTimeMonths: 60,
      }),
      400,
    );
    expect(bad.details?.map((d) => d.field)).toContain("body.maxLeaseTimeMonths");
    expectError(await call("PUT", `/api/bike-policy/company/${demoOyId}`, EDITOR, policy), 403, "FORBIDDEN");
    expectError(await call("PUT", `/api/bike-policy/company/${demoOyId}`, TOINEN_ADMIN, policy), 404);
    expectError(await call("GET", `/api/bike-policy/company/${demoOyId}`, TOINEN_ADMIN), 404, "NOT_FOUND");
    expectError(await call("GET", "/api/bike-policy/user", null), 401);
  });
});

describe("the employer's company settings (PUT /api/companies/{id}/settings)", () => {
  const path = (id: string) => `/api/companies/${id}/settings`;
  const storedCents = async (id: string) =>
    (
      await t.database.db
        .select({ cents: companies.maxPriceCents })
        .from(companies)
        .where(eq(companies.id, id))
    )[0]?.cents;
  const updates = async (id: string) =>
    t.database.db
      .select({ actor: eventLog.actorUserId, data: eventLog.data, companyId: eventLog.companyId })
      .from(eventLog)
      .where(and(eq(eventLog.type, "COMPANY_UPDATED"), eq(eventLog.entityId, id)));
  const restore = (id: string, cents: number | null | undefined) =>
    t.database.db
      .update(companies)
      .set({ maxPriceCents: cents ?? null })
      .where(eq(companies.id, id));

  it("sets and clears the max price, answering the company and logging COMPANY_UPDATED", async () => {
    const before = await storedCents(demoOyId);
    const logged = (await updates(demoOyId)).length;
    try {
      const res = await call("PUT", path(demoOyId), DEMO_ADMIN, { maxPrice: 3999.5 });
      expect(res.statusCode, res.body).toBe(200);
      const company = zCompanyDetails.parse(res.json());
      expect(company).toMatchObject({ companyId: demoOyId, name: "Demo Oy", maxPrice: 3999.5 });
      expect(await storedCents(demoOyId)).toBe(399_950);
      const events = await updates(demoOyId);
      expect(events).toHaveLength(logged + 1);
      expect(events.at(-1)).toEqual({
        actor: ids[DEMO_ADMIN],
        companyId: demoOyId,
        data: { fields: ["maxPrice"] },
      });

      // The same value again is no change and no event; null is "no limit".
      const same = await call("PUT", path(demoOyId), DEMO_ADMIN, { maxPrice: 3999.5 });
      expect(same.statusCode, same.body).toBe(200);
      expect(await updates(demoOyId)).toHaveLength(logged + 1);
      const cleared = await call("PUT", path(demoOyId), DEMO_ADMIN, { maxPrice: null });
      expect(zCompanyDetails.parse(cleared.json()).maxPrice).toBeNull();
      expect(await storedCents(demoOyId)).toBeNull();
      expect(await updates(demoOyId)).toHaveLength(logged + 2);
    } finally {
      await restore(demoOyId, before);
    }
  });

  it("lets a group admin set the max price of the group's other company", async () => {
    const before = await storedCents(logistiikkaId);
    try {
      const res = await call("PUT", path(logistiikkaId), GROUP_ADMIN, { maxPrice: 2800 });
      expect(res.statusCode, res.body).toBe(200);
      expect(zCompanyDetails.parse(res.json())).toMatchObject({
        name: "Demo Logistiikka Oy",
        maxPrice: 2800,
      });
      expect(await storedCents(logistiikkaId)).toBe(280_000);
      expect((await updates(logistiikkaId)).at(-1)?.actor).toBe(ids[GROUP_ADMIN]);
    } finally {
      await restore(logistiikkaId, before);
    }
  });

  it("refuses a negative, non-numeric, over-precise or missing max price, changing nothing", async () => {
    const before = await storedCents(demoOyId);
    const [{ n: eventsBefore } = { n: 0 }] = await t.database.db
      .select({ n: count() })
      .from(eventLog)
      .where(eq(eventLog.entityId, demoOyId));
    for (const body of [
      { maxPrice: -1 },
      { maxPrice: "4500" },
      { maxPrice: "abc" },
      { maxPrice: 10.001 },
      {},
    ]) {
      const bad = expectError(await call("PUT", path(demoOyId), DEMO_ADMIN, body), 400);
      expect(
        bad.details?.map((d) => d.field),
        JSON.stringify(body),
      ).toEqual(["body.maxPrice"]);
    }
    expectError(await call("PUT", path("not-a-uuid"), DEMO_ADMIN, { maxPrice: 100 }), 400);
    expect(await storedCents(demoOyId)).toBe(before);
    const [{ n: eventsAfter } = { n: 0 }] = await t.database.db
      .select({ n: count() })
      .from(eventLog)
      .where(eq(eventLog.entityId, demoOyId));
    expect(eventsAfter).toBe(eventsBefore);
  });

  it("refuses the editor, reporting and the employee (403), another tenant (404) and the anonymous (401)", async () => {
    const before = await storedCents(demoOyId);
    for (const who of [EDITOR, REPORTING, EMPLOYEE]) {
      expectError(await call("PUT", path(demoOyId), who, { maxPrice: 1 }), 403, "FORBIDDEN");
    }
    expectError(await call("PUT", path(demoOyId), TOINEN_ADMIN, { maxPrice: 1 }), 404, "NOT_FOUND");
    expectError(await call("PUT", path(randomUUID()), DEMO_ADMIN, { maxPrice: 1 }), 404, "NOT_FOUND");
    expectError(await call("PUT", path(demoOyId), null, { maxPrice: 1 }), 401);
    expect(await storedCents(demoOyId)).toBe(before);
  });
});
