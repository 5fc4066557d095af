import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import {
  zCodeMessage,
  zCompaniesPage,
  zCompanyDetails,
  zCompanyNamesPage,
  zCompanyOrdersPage,
  zGroupCompaniesPage,
  zGroupCompany,
} from "../../../contract/companies.ts";
import { businessIdCheckDigit } from "../../../domain/validation/business-id.ts";
import {
  beneficiaryEmployees,
  companies,
  eventLog,
  groupCompanies,
  leasingAgreements,
  leasingCompanies,
  orders,
  outbox,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { DEMO_GROUP_COMPANY } from "../../db/seed/demo-data.ts";

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const ADMIN = "admin@pedaali.test";
const DEMO_ADMIN = "employer.admin@demo.test";
const TOINEN_ADMIN = "employer.admin@toinen.test";
const EMPLOYEE = "employee@demo.test";

let demoOyId: string;
let toinenOyId: string;

beforeAll(async () => {
  demoOyId = await companyIdByName(t.database.db, "Demo Oy");
  toinenOyId = await companyIdByName(t.database.db, "Toinen Oy");
});

const unique = () => randomUUID().slice(0, 8);

/** A valid business ID no other test uses. */
function freshBusinessId(): string {
  for (;;) {
    const body = String(1_000_000 + Math.floor(Math.random() * 8_999_999));
    const check = businessIdCheckDigit(body);
    if (check !== null) return `${body}-${check}`;
  }
}

/** A throw-away company straight in the database. */
async function freshCompany(name = `Testi ${unique()} Oy`): Promise<string> {
  const [row] = await t.database.db.insert(companies).values({ name }).returning({ id: companies.id });
  return row?.id as string;
}

/** An employee of the company with an order in the status (and, for a lease, its agreement). */
async function orderFor(companyId: string, status: "ACTIVE_LEASING" | "PENDING") {
  const { db } = t.database;
  const [user] = await db
    .insert(users)
    .values({ email: `tilaaja.${unique()}@demo.test` })
    .returning({ id: users.id });
  const userId = user?.id as string;
  await db.insert(systemUsers).values({ userId, firstName: "Olli", lastName: "Tilaaja", companyId });
  const [employee] = await db
    .insert(beneficiaryEmployees)
    .values({ userId, companyId, status: "ACCEPTED" })
    .returning({ id: beneficiaryEmployees.id });
  const [order] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employee?.id as string,
      companyId,
      orderStatus: status,
      totalPriceCents: 250_050,
      monthlyPaymentCents: 7_990,
      leaseTimeMonths: 36,
    })
    .returning({ id: orders.id });
  const orderId = order?.id as string;
  if (status === "ACTIVE_LEASING") {
    const [leasing] = await db.select({ id: leasingCompanies.id }).from(leasingCompanies).limit(1);
    await db.insert(leasingAgreements).values({
      orderId,
      beneficiaryEmployeeId: employee?.id as string,
      companyId,
      leasingCompanyId: leasing?.id as string,
      leaseTimeMonths: 36,
      monthlyPaymentCents: 7_990,
      totalPriceCents: 250_050,
      startDate: "2026-03-01",
      endDate: "2029-02-28",
    });
  }
  return { orderId, userId };
}

async function eventsOf(type: string, entityId: string) {
  return t.database.db
    .select()
    .from(eventLog)
    .where(and(eq(eventLog.entityId, entityId), sql`${eventLog.type} = ${type}`));
}

async function rolesIn(companyId: string) {
  return t.database.db
    .select({ userId: userRoles.userId, role: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.companyId, companyId));
}

describe("GET /api/companies", () => {
  it("lists the admin tier's companies with counts made in SQL, and names only for dropdowns", async () => {
    const res = await call("GET", "/api/companies?search=demo%20oy", ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    const page = zCompaniesPage.parse(res.json());
    const demo = page.items.find((c) => c.id === demoOyId);
    const { db } = t.database;
    const [accepted] = await db
      .select({ n: count() })
      .from(beneficiaryEmployees)
      .where(and(eq(beneficiaryEmployees.companyId, demoOyId), eq(beneficiaryEmployees.status, "ACCEPTED")));
    expect(demo).toMatchObject({
      name: "Demo Oy",
      businessId: "2980005-2",
      groupCompanyName: DEMO_GROUP_COMPANY.name,
      city: "Espoo",
      maxPrice: 4500,
      employeeCount: accepted?.n,
    });
    expect(page.items.every((c) => c.name.toLowerCase().includes("demo oy"))).toBe(true);

    const names = zCompanyNamesPage.parse(
      (await call("GET", "/api/companies?names=true&groupCompany=false&limit=500", ADMIN)).json(),
    );
    expect(names.items.map((c) => c.id)).toContain(toinenOyId);
    expect(names.items.map((c) => c.id)).not.toContain(demoOyId);
    expect(Object.keys(names.items[0] ?? {}).sort()).toEqual(["id", "name"]);
  });

  it("shows an employer only their own companies and never a deleted one", async () => {
    const page = zCompaniesPage.parse((await call("GET", "/api/companies?limit=500", DEMO_ADMIN)).json());
    expect(page.items.map((c) => c.name)).toEqual(["Demo Oy"]);
    const deleted = await freshCompany();
    await t.database.db.update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, deleted));
    const all = zCompanyNamesPage.parse(
      (await call("GET", "/api/companies?names=true&limit=500", ADMIN)).json(),
    );
    expect(all.items.map((c) => c.id)).not.toContain(deleted);
    const own = zCompanyNamesPage.parse(
      (await call("GET", "/api/companies?names=true&filtered=true", TOINEN_ADMIN)).json(),
    );
    expect(own.items.map((c) => c.id)).toEqual([toinenOyId]);
  });

  it("refuses bad input, roles without companies.read and anonymous callers", async () => {
    expectError(await call("GET", "/api/companies?limit=0", ADMIN), 400);
    expectError(await call("GET", "/api/companies?userId=nope", ADMIN), 400);
    expectError(await call("GET", "/api/companies", EMPLOYEE), 403, "FORBIDDEN");
    expectError(await call("GET", "/api/companies", null), 401);
  });
});

describe("GET /api/companies/{id}", () => {
  it("answers the company page with units and bike policy, and another tenant's company as 404", async () => {
    const res = await call("GET", `/api/companies/${demoOyId}`, DEMO_ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    const company = zCompanyDetails.parse(res.json());
    expect(company.companyUnits.map((u) => u.unitName)).toEqual(
      expect.arrayContaining(["Espoon pääkonttori", "Tampereen toimipiste"]),
    );
    expect(company.bikePolicy?.companyId).toBe(demoOyId);
    expectError(await call("GET", `/api/companies/${demoOyId}`, TOINEN_ADMIN), 404, "NOT_FOUND");
    expectError(await call("GET", `/api/companies/${demoOyId}`, EMPLOYEE), 403);
    expectError(await call("GET", "/api/companies/not-a-uuid", ADMIN), 400);
  });
});

describe("POST /api/companies", () => {
  it("creates the company, its new group, units and first admin in one go, mails the admin and logs it", async () => {
    const email = `uusi.admin.${unique()}@demo.test`;
    const groupName = `Konserni ${unique()}`;
    const res = await call("POST", "/api/companies", ADMIN, {
      name: "  Uusi Testi Oy ",
      businessId: freshBusinessId(),
      newGroupCompanyName: groupName,
      maxPrice: 3999.9,
      vatPercent: 24,
      city: "",
      contactEmail: "",
      previousProvider: "Bikelink Oy",
      unitNames: ["Helsinki", "helsinki", "Turku"],
      admin: { firstName: "Aino", lastName: "Aloittaja", email, phoneNumber: "040 1234567" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = zCompanyDetails.parse(res.json());
    expect(created).toMatchObject({
      name: "Uusi Testi Oy",
      groupCompanyName: groupName,
      maxPrice: 3999.9,
      vatPercent: 24,
      city: null,
      contactEmail: null,
      previousProvider: "Bikelink Oy",
      employeeCount: 0,
      activeLeaseCount: 0,
      bikePolicy: null,
    });
    expect(created.companyUnits.map((u) => u.unitName)).toEqual(["Helsinki", "Turku"]);
    const { db } = t.database;
    const [row] = await db.select().from(companies).where(eq(companies.id, created.companyId));
    expect(row?.maxPriceCents).toBe(399_990);
    const adminId = await userIdByEmail(db, email);
    expect(await rolesIn(created.companyId)).toEqual([{ userId: adminId, role: "EMPLOYER_ADMIN" }]);
    const [account] = await db.select().from(users).where(eq(users.id, adminId));
    expect(account?.phoneNumber).toBe("0401234567");
    const mails = await db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.bodyText).toContain("/reset/");
    const [logged] = await eventsOf("COMPANY_CREATED", created.companyId);
    expect(logged).toMatchObject({
      entityType: "company",
      companyId: created.companyId,
      data: { name: "Uusi Testi Oy", units: 2, admin: "invited" },
    });
    expect(logged?.actorUserId).toBe(await userIdByEmail(db, ADMIN));
    expect(await eventsOf("USER_CREATED", adminId)).toHaveLength(1);
  });

  it("gives an existing account the admin role instead of a new account, and mails no link", async () => {
    const { db } = t.database;
    const existingId = await userIdByEmail(db, TOINEN_ADMIN);
    const mailsBefore = await db
      .select({ n: count() })
      .from(outbox)
      .where(eq(outbox.recipient, TOINEN_ADMIN));
    const res = await call("POST", "/api/companies", ADMIN, {
      name: `Sisar ${unique()} Oy`,
      businessId: freshBusinessId(),
      admin: { firstName: "X", lastName: "Y", email: TOINEN_ADMIN.toUpperCase() },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { companyId } = zCompanyDetails.parse(res.json());
    expect(await rolesIn(companyId)).toEqual([{ userId: existingId, role: "EMPLOYER_ADMIN" }]);
    const mailsAfter = await db.select({ n: count() }).from(outbox).where(eq(outbox.recipient, TOINEN_ADMIN));
    expect(mailsAfter).toEqual(mailsBefore);
    const [assigned] = await eventsOf("USER_ROLE_ASSIGNED", existingId);
    expect(assigned?.data).toEqual({ role: "EMPLOYER_ADMIN", companyIds: [companyId] });
    // Toinen Oy's admin must act for Toinen Oy alone in the other tests (they run shuffled).
    await db.delete(userRoles).where(eq(userRoles.companyId, companyId));
  });

  it("answers 409 for a taken business ID or group name and creates nothing", async () => {
    const name = `Tupla ${unique()} Oy`;
    expectError(
      await call("POST", "/api/companies", ADMIN, { name, businessId: "2980005-2" }),
      409,
      "BUSINESS_ID_TAKEN",
    );
    expectError(
      await call("POST", "/api/companies", ADMIN, {
        name,
        businessId: freshBusinessId(),
        newGroupCompanyName: DEMO_GROUP_COMPANY.name.toUpperCase(),
      }),
      409,
      "GROUP_COMPANY_EXISTS_ERROR",
    );
    const made = await t.database.db.select().from(companies).where(eq(companies.name, name));
    expect(made).toEqual([]);
  });

  it("refuses bad input with the field, and employer roles without companies.manage", async () => {
    const bad = expectError(
      await call("POST", "/api/companies", ADMIN, { name: "X Oy", businessId: "2980005-3" }),
      400,
    );
    expect(bad.details?.map((d) => d.field)).toContain("body.businessId");
    // A contact's phone number follows the phone rule, as every other number does.
    const phone = expectError(
      await call("POST", "/api/companies", ADMIN, {
        name: "Puhelin Oy",
        businessId: freshBusinessId(),
        contactPhoneNumber: "abc",
      }),
      400,
    );
    expect(phone.details?.map((d) => d.field)).toEqual(["body.contactPhoneNumber"]);
    const unknown = expectError(
      await call("POST", "/api/companies", ADMIN, {
        name: "Viite Oy",
        businessId: freshBusinessId(),
        billingTableId: randomUUID(),
      }),
      400,
    );
    expect(unknown.details?.map((d) => d.field)).toEqual(["body.billingTableId"]);
    expectError(
      await call("POST", "/api/companies", DEMO_ADMIN, { name: "Oma Oy", businessId: freshBusinessId() }),
      403,
      "FORBIDDEN",
    );
  });
});

describe("PUT /api/companies/{id}", () => {
  it("changes the given fields only and logs their names", async () => {
    const companyId = await freshCompany();
    const businessId = freshBusinessId();
    const res = await call("PUT", `/api/companies/${companyId}`, ADMIN, {
      name: "Muutettu Oy",
      businessId,
      maxPrice: 2500,
      city: "Oulu",
      streetAddress: "",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(zCompanyDetails.parse(res.json())).toMatchObject({
      name: "Muutettu Oy",
      maxPrice: 2500,
      city: "Oulu",
    });
    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, companyId));
    expect(row).toMatchObject({ businessId, maxPriceCents: 250_000, city: "Oulu", streetAddress: null });
    const [logged] = await eventsOf("COMPANY_UPDATED", companyId);
    expect(logged?.data).toEqual({ fields: ["name", "businessId", "maxPrice", "city"] });

    expectError(
      await call("PUT", `/api/companies/${companyId}`, ADMIN, {
        name: "Muutettu Oy",
        businessId: "2980005-2",
      }),
      409,
      "BUSINESS_ID_TAKEN",
    );
    expectError(await call("PUT", `/api/companies/${companyId}`, ADMIN, { name: "M", businessId }), 400);
    expectError(
      await call("PUT", `/api/companies/${demoOyId}`, TOINEN_ADMIN, { name: "X Oy", businessId }),
      403,
    );
    expectError(
      await call("PUT", `/api/companies/${randomUUID()}`, ADMIN, { name: "X Oy", businessId }),
      404,
    );
  });
});

describe("DELETE /api/companies/{id}", () => {
  it("refuses while a lease is active, then soft-deletes the company and ends its role assignments", async () => {
    const { db } = t.database;
    const companyId = await freshCompany();
    const { orderId, userId } = await orderFor(companyId, "ACTIVE_LEASING");
    const [beneficiary] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, "BIKE_BENEFICIARY"));
    await db.insert(userRoles).values({ userId, roleId: beneficiary?.id as string, companyId });

    const refused = expectError(
      await call("DELETE", `/api/companies/${companyId}`, ADMIN),
      409,
      "COMPANY_HAS_ACTIVE_LEASES",
    );
    expect(refused.message).toMatch(/has 1 active lease;/);
    expect(await rolesIn(companyId)).toHaveLength(1);

    await db.update(orders).set({ orderStatus: "CANCELLED" }).where(eq(orders.id, orderId));
    const res = await call("DELETE", `/api/companies/${companyId}`, ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    expect(zCodeMessage.parse(res.json()).code).toBe("COMPANY_DELETED");
    const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(await rolesIn(companyId)).toEqual([]);
    expect(await eventsOf("COMPANY_DELETED", companyId)).toHaveLength(1);
    expectError(await call("GET", `/api/companies/${companyId}`, ADMIN), 404);
    expectError(await call("DELETE", `/api/companies/${companyId}`, ADMIN), 404);
    expectError(await call("DELETE", `/api/companies/${demoOyId}`, DEMO_ADMIN), 403);
  });
});

describe("GET /api/companies/{id}/orders", () => {
  it("pages the company's orders newest first with the employee and the agreement's dates", async () => {
    const companyId = await freshCompany();
    const lease = await orderFor(companyId, "ACTIVE_LEASING");
    const pending = await orderFor(companyId, "PENDING");
    const res = await call("GET", `/api/companies/${companyId}/orders`, ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    const page = zCompanyOrdersPage.parse(res.json());
    expect(page.total).toBe(2);
    expect(page.items.map((o) => o.orderId)).toEqual([pending.orderId, lease.orderId]);
    expect(page.items[1]).toMatchObject({
      orderStatus: "ACTIVE_LEASING",
      employeeName: "Olli Tilaaja",
      totalPrice: 2500.5,
      monthlyPayment: 79.9,
      leaseStartDate: "2026-03-01",
      leaseEndDate: "2029-02-28",
    });
    const leases = zCompanyOrdersPage.parse(
      (await call("GET", `/api/companies/${companyId}/orders?activeLeases=true`, ADMIN)).json(),
    );
    expect(leases.items.map((o) => o.orderId)).toEqual([lease.orderId]);
    expectError(await call("GET", `/api/companies/${demoOyId}/orders`, TOINEN_ADMIN), 404);
    expectError(await call("GET", `/api/companies/${demoOyId}/orders`, EMPLOYEE), 403);
    expectError(await call("GET", `/api/companies/${demoOyId}/orders?activeLeases=yes`, ADMIN), 400);
  });
});

describe("group companies", () => {
  it("lists the groups an employer's companies belong to, with only their own companies", async () => {
    const res = await call("GET", "/api/group-companies", DEMO_ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    const page = zGroupCompaniesPage.parse(res.json());
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      name: DEMO_GROUP_COMPANY.name,
      companies: [{ id: demoOyId, name: "Demo Oy" }],
    });
    const groupId = page.items[0]?.groupCompanyId as string;
    const full = zGroupCompany.parse((await call("GET", `/api/group-companies/${groupId}`, ADMIN)).json());
    expect(full.companies.map((c) => c.name)).toEqual(["Demo Logistiikka Oy", "Demo Oy"]);
    const dropdown = zGroupCompaniesPage.parse(
      (await call("GET", "/api/group-companies?forDropdown=true&limit=500", ADMIN)).json(),
    );
    expect(dropdown.items.find((g) => g.groupCompanyId === groupId)?.companies).toEqual([]);
    const toinen = zGroupCompaniesPage.parse(
      (await call("GET", "/api/group-companies", TOINEN_ADMIN)).json(),
    );
    expect(toinen.items).toEqual([]);
    expectError(await call("GET", `/api/group-companies/${groupId}`, TOINEN_ADMIN), 404, "NOT_FOUND");
    expectError(await call("GET", "/api/group-companies", EMPLOYEE), 403);
    expectError(await call("GET", "/api/group-companies?forDropdown=1", ADMIN), 400);
  });

  it("creates, renames and deletes a group; names are unique in any case; its companies stay", async () => {
    const name = `Ryhmä ${unique()}`;
    const res = await call("POST", "/api/group-companies", ADMIN, { name, businessId: "" });
    expect(res.statusCode, res.body).toBe(201);
    const group = zGroupCompany.parse(res.json());
    expect(group).toMatchObject({ name, businessId: null, companies: [] });
    expectError(
      await call("POST", "/api/group-companies", ADMIN, { name: name.toUpperCase() }),
      409,
      "GROUP_COMPANY_EXISTS_ERROR",
    );
    expectError(
      await call("PUT", `/api/group-companies/${group.groupCompanyId}`, ADMIN, {
        name: DEMO_GROUP_COMPANY.name,
      }),
      409,
      "GROUP_COMPANY_EXISTS_ERROR",
    );
    const member = await freshCompany();
    const { db } = t.database;
    await db.update(companies).set({ groupCompanyId: group.groupCompanyId }).where(eq(companies.id, member));
    const renamed = await call("PUT", `/api/group-companies/${group.groupCompanyId}`, ADMIN, {
      name: `${name} uusi`,
      businessId: "3120456-7",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [stored] = await db
      .select()
      .from(groupCompanies)
      .where(eq(groupCompanies.id, group.groupCompanyId));
    expect(stored).toMatchObject({ name: `${name} uusi`, businessId: "3120456-7" });

    const deleted = await call("DELETE", `/api/group-companies/${group.groupCompanyId}`, ADMIN);
    expect(zCodeMessage.parse(deleted.json()).code).toBe("GROUP_COMPANY_DELETED");
    const [left] = await db.select().from(companies).where(eq(companies.id, member));
    expect(left?.groupCompanyId).toBeNull();
    expectError(await call("POST", "/api/group-companies", ADMIN, { name: "X" }), 400);
    expectError(await call("POST", "/api/group-companies", DEMO_ADMIN, { name: `Oma ${unique()}` }), 403);
  });
});
