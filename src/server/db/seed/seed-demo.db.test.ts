import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testFileStore } from "../../../../tests/helpers/test-db.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { percentOfCents } from "../../../domain/money.ts";
import { periodOf } from "../../../domain/payroll/period.ts";
import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS } from "../../../domain/permissions.ts";
import { type ReminderSettings, reminderSettingsProblems } from "../../../domain/reminder-settings.ts";
import { ROLES } from "../../../domain/roles.ts";
import { isValidBusinessId } from "../../../domain/validation/business-id.ts";
import {
  isValidEInvoiceAddress,
  isValidEInvoiceOperator,
  ovtCodeOf,
} from "../../../domain/validation/e-invoice.ts";
import { isValidEmail } from "../../../domain/validation/email.ts";
import { isValidPhoneNumber } from "../../../domain/validation/phone.ts";
import { testDataKeyring } from "../../data-keys.ts";
import { verifyPassword } from "../../modules/auth/passwords.ts";
import { approverCandidatesOf, reminderSettingsByCompany } from "../../modules/reminder-settings/settings.ts";
import type { Database } from "../client.ts";
import {
  beneficiaryEmployees,
  bikeRedemptions,
  bikeStores,
  companies,
  companyApplications,
  companyUnits,
  contactForms,
  eventLog,
  groupCompanies,
  invoices,
  leaseInvoices,
  leasingAgreements,
  leasingCompanies,
  orders,
  payoutBatches,
  permissions,
  rolePermissions,
  roles,
  storePayables,
  userPayments,
  userRoles,
  users,
  vatRates,
} from "../schema/index.ts";
import { DEMO_APPLICATIONS, DEMO_MULTI_ROLE_USERS } from "./admin-demo-data.ts";
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from "./demo-data.ts";
import { DEMO_EMPLOYER_EMPLOYEES } from "./employer-demo-data.ts";
import { seedDemoIfEmpty, seedReferenceData } from "./seed-demo.ts";
import { DEMO_REMINDER_COMPANY } from "./seed-reminder-settings-demo.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  expect(await seedDemoIfEmpty(database.db, testFileStore(), testDataKeyring())).toEqual({ seeded: true });
});
afterAll(() => database.close());

/** The e-mail → role → company table of the README and the foundation issue. */
const EXPECTED = [
  ["admin@pedaali.test", "SUPER_ADMIN", null],
  ["helpdesk@pedaali.test", "INTERNAL_ADMIN", null],
  ["employer.admin@demo.test", "EMPLOYER_ADMIN", "Demo Oy"],
  ["employer.editor@demo.test", "EMPLOYER_EDITOR", "Demo Oy"],
  ["group.admin@demo.test", "EMPLOYER_GROUP_ADMIN", "Demo Oy"],
  ["reporting@demo.test", "EMPLOYER_REPORTING", "Demo Oy"],
  ["employee@demo.test", "BIKE_BENEFICIARY", "Demo Oy"],
  ["employer.admin@toinen.test", "EMPLOYER_ADMIN", "Toinen Oy"],
  ["myyja@vauhti.test", "BIKE_STORE", null],
] as const;

describe("the demo data", () => {
  it.each(EXPECTED)("has %s as %s of %s, with the demo password", async (email, role, companyName) => {
    const user = await database.db.query.users.findFirst({
      where: eq(users.email, email),
      with: { userRoles: { with: { role: true, company: true } } },
    });
    expect(user).toBeDefined();
    expect(user?.deactivated).toBe(false);
    expect(user?.userRoles.map((ur) => [ur.role.name, ur.company?.name ?? null])).toEqual([
      [role, companyName],
    ]);
    expect(await verifyPassword(user?.passwordHash as string, DEMO_PASSWORD)).toBe(true);
  });

  it("puts Demo Oy and Demo Logistiikka Oy in one group company and keeps Toinen Oy independent", async () => {
    const rows = await database.db
      .select({ name: companies.name, group: groupCompanies.name })
      .from(companies)
      .leftJoin(groupCompanies, eq(companies.groupCompanyId, groupCompanies.id))
      .orderBy(companies.name);
    expect(rows).toEqual([
      { name: "Demo Logistiikka Oy", group: "Demo-konserni" },
      { name: "Demo Oy", group: "Demo-konserni" },
      { name: "Toinen Oy", group: null },
    ]);
  });

  it("gives every company its units and a valid business ID", async () => {
    const all = await database.db.query.companies.findMany({ with: { companyUnits: true } });
    for (const company of all) {
      expect(isValidBusinessId(company.businessId as string), company.name).toBe(true);
      const expected = Object.values(DEMO_COMPANIES).find((c) => c.name === company.name);
      expect(company.companyUnits.map((u) => u.unitName).sort()).toEqual([...(expected?.units ?? [])].sort());
    }
  });

  it("gives each demo company its business ID's OVT code as its e-invoice address, and an operator", async () => {
    const rows = await database.db
      .select({
        businessId: companies.businessId,
        address: companies.eInvoiceAddress,
        operator: companies.eInvoiceOperator,
      })
      .from(companies);
    const demo = rows.filter((row) =>
      Object.values(DEMO_COMPANIES).some((c) => c.businessId === row.businessId),
    );
    expect(demo).toHaveLength(Object.keys(DEMO_COMPANIES).length);
    for (const company of demo) {
      expect(company.address).toBe(ovtCodeOf(company.businessId as string));
      expect(isValidEInvoiceAddress(company.address as string)).toBe(true);
      expect(isValidEInvoiceOperator(company.operator as string)).toBe(true);
    }
  });

  it("gives Toinen Oy reminder settings of its own that the rules accept, its backup approver one of its approvers", async () => {
    const db = database.db;
    const [company] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, DEMO_REMINDER_COMPANY));
    const settings = (await reminderSettingsByCompany(db)).get(company?.id as string);
    expect(settings).toMatchObject({
      approverAfterDays: 3,
      escalationAfterDays: 7,
      disabledKinds: ["LEASE_END"],
    });
    expect(reminderSettingsProblems(settings as ReminderSettings)).toEqual([]);
    const candidates = await approverCandidatesOf(db, company?.id as string);
    expect(candidates.map((candidate) => candidate.userId)).toContain(settings?.backupApproverUserId);
  });

  it("has the three leasing companies of the spec, bike stores, and VAT 25.5 % in force", async () => {
    const leasing = await database.db.select({ name: leasingCompanies.companyName }).from(leasingCompanies);
    expect(leasing.map((l) => l.name).sort()).toEqual(["Grenkeleasing Oy", "LeasePlus OÜ", "Pedaali Oy"]);
    const [stores] = await database.db.select({ n: count() }).from(bikeStores);
    expect(stores?.n).toBeGreaterThanOrEqual(5);
    const current = await database.db.query.vatRates.findFirst({
      where: (v, { and, isNull }) => and(eq(v.countryCode, "FI"), isNull(v.validTo)),
    });
    expect(current?.ratePercent).toBe(25.5);
    expect(current?.validFrom).toBe("2024-09-01");
    const [rates] = await database.db.select({ n: count() }).from(vatRates);
    expect(rates?.n).toBe(2);
  });

  it("seeds every built-in role with its default permissions", async () => {
    const roleRows = await database.db.query.roles.findMany({
      with: { rolePermissions: { with: { permission: true } } },
    });
    expect(roleRows.map((r) => r.name).sort()).toEqual([...ROLES].sort());
    for (const role of roleRows) {
      expect(role.isSystem).toBe(true);
      const names = role.rolePermissions.map((rp) => rp.permission.name).sort();
      expect(names, role.name).toEqual(
        [...DEFAULT_ROLE_PERMISSIONS[role.name as (typeof ROLES)[number]]].sort(),
      );
    }
    const [permissionCount] = await database.db.select({ n: count() }).from(rolePermissions);
    expect(permissionCount?.n).toBe(ROLES.reduce((n, r) => n + DEFAULT_ROLE_PERMISSIONS[r].length, 0));
    expect(PERMISSIONS.length).toBeGreaterThan(20);
  });

  it("has employees waiting for acceptance and accepted ones, each in a unit of their own company", async () => {
    const employees = await database.db
      .select({
        status: beneficiaryEmployees.status,
        company: beneficiaryEmployees.companyId,
        unitCompany: companyUnits.companyId,
      })
      .from(beneficiaryEmployees)
      .innerJoin(companyUnits, eq(beneficiaryEmployees.unitId, companyUnits.id));
    expect(employees.length).toBe(
      DEMO_USERS.filter((u) => u.employee).length + DEMO_EMPLOYER_EMPLOYEES.length,
    );
    for (const e of employees) expect(e.unitCompany).toBe(e.company);
    expect(employees.some((e) => e.status === "PENDING")).toBe(true);
    expect(employees.some((e) => e.status === "ACCEPTED")).toBe(true);
  });

  it("uses only well-formed e-mails and phone numbers, and logs a user-created event per user", async () => {
    const everyone = [...DEMO_USERS, ...DEMO_MULTI_ROLE_USERS];
    for (const u of everyone) {
      expect(isValidEmail(u.email), u.email).toBe(true);
      if (u.phoneNumber) expect(isValidPhoneNumber(u.phoneNumber), u.phoneNumber).toBe(true);
    }
    const [events] = await database.db
      .select({ n: count() })
      .from(eventLog)
      .where(eq(eventLog.type, "USER_CREATED"));
    expect(events?.n).toBe(everyone.length + DEMO_EMPLOYER_EMPLOYEES.length);
    // Backdated, so the audit view's newest page shows more than the seeding itself.
    const newest = await database.db
      .select({ type: eventLog.type })
      .from(eventLog)
      .orderBy(desc(eventLog.createdAt))
      .limit(10);
    expect(newest.some((e) => e.type !== "USER_CREATED")).toBe(true);
  });

  it("gives the admin area a day's work: sign-ups to review, unread messages, people in two companies, a year of orders", async () => {
    const pending = await database.db
      .select({ name: companyApplications.companyName, businessId: companyApplications.businessId })
      .from(companyApplications)
      .where(eq(companyApplications.status, "PENDING"));
    expect(pending.map((a) => a.name).sort()).toEqual(["Kahvila Kaarna Oy", "Nordic Timber Ab Oy"]);
    for (const a of DEMO_APPLICATIONS) expect(isValidBusinessId(a.businessId), a.businessId).toBe(true);
    const [unread] = await database.db
      .select({ n: count() })
      .from(contactForms)
      .where(eq(contactForms.checked, false));
    expect(unread?.n).toBe(3);
    for (const person of DEMO_MULTI_ROLE_USERS) {
      const held = await database.db
        .select({ companyId: userRoles.companyId })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .where(eq(users.email, person.email));
      expect(new Set(held.map((r) => r.companyId)).size, person.email).toBe(2);
    }
    const statuses = await database.db.selectDistinct({ status: orders.orderStatus }).from(orders);
    expect(statuses.length).toBeGreaterThanOrEqual(8);
    const [leases] = await database.db
      .select({ n: count() })
      .from(leasingAgreements)
      .where(eq(leasingAgreements.status, "ACCEPTED"));
    expect(leases?.n).toBeGreaterThanOrEqual(7);
    const types = await database.db.selectDistinct({ type: eventLog.type }).from(eventLog);
    expect(types.length).toBeGreaterThanOrEqual(10);
  });

  it("owes the stores: the longest-waiting store and the store with its own account paid with four eyes, open payables of stores with and without a bank account", async () => {
    const { db } = database;
    const batches = await db.select().from(payoutBatches);
    expect(batches).toHaveLength(2);
    for (const paid of batches) {
      expect(paid.status).toBe("PAID");
      expect(paid.approvedByUserId).not.toBe(paid.createdByUserId);
    }
    const payables = await db
      .select({ status: storePayables.status, iban: bikeStores.iban, storeName: bikeStores.storeName })
      .from(storePayables)
      .innerJoin(bikeStores, eq(bikeStores.id, storePayables.bikeStoreId));
    expect(payables.some((p) => p.status === "PAID")).toBe(true);
    expect(payables.some((p) => p.status === "OPEN" && p.iban)).toBe(true);
    expect(payables.some((p) => p.status === "OPEN" && !p.iban)).toBe(true);
    expect((await db.select().from(bikeStores)).filter((s) => s.iban).length).toBeGreaterThan(3);
  });

  it("takes every demo store's commission of the price without VAT, its purchase invoice's (decision 022)", async () => {
    const rows = await database.db
      .select({
        payable: storePayables,
        storePercent: bikeStores.commissionPercent,
        invoiceAmount: invoices.amountCents,
        invoiceVat: invoices.vatCents,
      })
      .from(storePayables)
      .innerJoin(bikeStores, eq(bikeStores.id, storePayables.bikeStoreId))
      .innerJoin(invoices, eq(invoices.id, storePayables.purchaseInvoiceId));
    // The online shop has agreed a commission, and some of its orders are payable.
    expect(rows.some((r) => r.payable.commissionCents > 0)).toBe(true);
    for (const { payable, storePercent, invoiceAmount, invoiceVat } of rows) {
      expect(payable).toMatchObject({
        commissionBase: "VAT_EXCLUDED",
        vatCents: invoiceVat,
        commissionPercent: storePercent,
        commissionCents: storePercent ? percentOfCents(invoiceAmount, storePercent) : 0,
        netCents:
          invoiceAmount + invoiceVat - (storePercent ? percentOfCents(invoiceAmount, storePercent) : 0),
      });
    }
  });

  it("invoices each company with running leases for last month and this month, once each", async () => {
    const { db } = database;
    const rows = await db
      .select({ company: companies.name, period: leaseInvoices.period, lines: leaseInvoices.lines })
      .from(leaseInvoices)
      .innerJoin(companies, eq(companies.id, leaseInvoices.companyId))
      .where(eq(leaseInvoices.kind, "REGULAR"));
    const demoOy = rows.filter((r) => r.company === "Demo Oy");
    expect(demoOy).toHaveLength(2);
    expect(new Set(rows.map((r) => `${r.company} ${r.period}`)).size).toBe(rows.length);
    for (const row of rows) expect(row.lines.length).toBeGreaterThan(0);
  });

  it("catches up Demo Oy's month: a supplementary invoice for a lease started late, a credit note for an employment ended before the month", async () => {
    const { db } = database;
    const corrections = await db
      .select({
        company: companies.name,
        kind: leaseInvoices.kind,
        period: leaseInvoices.period,
        lines: leaseInvoices.lines,
        totalCents: leaseInvoices.totalCents,
        originalKind: sql<string>`(select o.kind::text from lease_invoices o where o.id = ${leaseInvoices.originalInvoiceId})`,
      })
      .from(leaseInvoices)
      .innerJoin(companies, eq(companies.id, leaseInvoices.companyId))
      .where(ne(leaseInvoices.kind, "REGULAR"));
    const thisMonth = `${periodOf(toHelsinkiDateString(new Date()))}-01`;
    expect(corrections.map((c) => [c.company, c.kind, c.period, c.lines.map((l) => l.employeeName)])).toEqual(
      expect.arrayContaining([
        ["Demo Oy", "SUPPLEMENTARY", thisMonth, ["Kettunen Emma"]],
        ["Demo Oy", "CREDIT_NOTE", thisMonth, ["Lehtonen Onni"]],
      ]),
    );
    expect(corrections).toHaveLength(2);
    for (const c of corrections) expect(c.originalKind).toBe("REGULAR");
    expect(corrections.find((c) => c.kind === "CREDIT_NOTE")?.totalCents).toBeLessThan(0);
  });

  it("charges a return fee, a deductible or a redemption price only with its case, the fee by the rule", async () => {
    const { db } = database;
    const fees = await db
      .select({
        kind: userPayments.kind,
        amountCents: userPayments.amountCents,
        caseId: userPayments.bikeRedemptionId,
        claimId: userPayments.insuranceClaimId,
        reason: bikeRedemptions.reason,
        caseFeeCents: bikeRedemptions.returnFeeCents,
      })
      .from(userPayments)
      .leftJoin(bikeRedemptions, eq(bikeRedemptions.id, userPayments.bikeRedemptionId))
      .where(inArray(userPayments.kind, ["RETURN_FEE", "REDEMPTION", "DEDUCTIBLE"]));
    for (const fee of fees) {
      if (fee.kind === "DEDUCTIBLE") expect(fee.claimId, "a deductible without its claim").not.toBeNull();
      else expect(fee.caseId, `a ${fee.kind} without its redemption case`).not.toBeNull();
      if (fee.kind === "RETURN_FEE") {
        expect(fee.amountCents).toBe(fee.caseFeeCents);
        // 260 € and the delivery: 25 € in the capital area, 59 € elsewhere.
        expect([28_500, 31_900]).toContain(fee.amountCents);
      }
    }
  });

  it("leaves a database that already has users alone", async () => {
    const before = await database.db.select({ n: count() }).from(users);
    expect(await seedDemoIfEmpty(database.db, testFileStore(), testDataKeyring())).toEqual({ seeded: false });
    expect(await database.db.select({ n: count() }).from(users)).toEqual(before);
  });
});

describe("seedReferenceData on an existing database (every start)", () => {
  async function pairOf(roleName: string, permissionName: string) {
    const [role] = await database.db.select().from(roles).where(eq(roles.name, roleName));
    const [permission] = await database.db
      .select()
      .from(permissions)
      .where(eq(permissions.name, permissionName));
    return { roleId: role?.id as string, permissionId: permission?.id as string };
  }
  async function holds(pair: { roleId: string; permissionId: string }) {
    const rows = await database.db
      .select()
      .from(rolePermissions)
      .where(
        and(eq(rolePermissions.roleId, pair.roleId), eq(rolePermissions.permissionId, pair.permissionId)),
      );
    return rows.length === 1;
  }

  it("does not give a built-in role back a default permission an admin removed", async () => {
    const pair = await pairOf("EMPLOYER_ADMIN", "employees.read");
    await database.db
      .delete(rolePermissions)
      .where(
        and(eq(rolePermissions.roleId, pair.roleId), eq(rolePermissions.permissionId, pair.permissionId)),
      );
    try {
      await seedReferenceData(database.db);
      expect(await holds(pair)).toBe(false);
    } finally {
      await database.db.insert(rolePermissions).values(pair).onConflictDoNothing();
    }
  });

  it("gives a permission name new to the database to the built-in roles that hold it by default", async () => {
    const holders = ROLES.filter((role) => DEFAULT_ROLE_PERMISSIONS[role].includes("audit.read"));
    expect(holders.length).toBeGreaterThan(0);
    // As a database from before the name existed: the name and its pairs are gone.
    await database.db.delete(permissions).where(eq(permissions.name, "audit.read"));
    await seedReferenceData(database.db);
    for (const role of ROLES) {
      expect(await holds(await pairOf(role, "audit.read")), role).toBe(holders.includes(role));
    }
  });
});
