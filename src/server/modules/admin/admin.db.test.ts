import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import {
  zApplicationAccepted,
  zCompanyApplication,
  zCompanyApplicationsPage,
  zCount,
  zEventLogPage,
  zHelpdeskSearchResult,
  zPlatformReport,
} from "../../../contract/admin.ts";
import type { EventEntityType } from "../../../domain/enums.ts";
import {
  beneficiaryEmployees,
  companies,
  companyApplications,
  companyUnits,
  eventLog,
  groupCompanies,
  invoices,
  leasingAgreements,
  leasingCompanies,
  orders,
  outbox,
  passwordResetTokens,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { DEMO_GROUP_COMPANY } from "../../db/seed/demo-data.ts";
import { defaultRange, monthsFromTo } from "./platform-report.ts";

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const ADMIN = "admin@pedaali.test";
const HELPDESK = "helpdesk@pedaali.test";
const DEMO_ADMIN = "employer.admin@demo.test";
const EMPLOYEE = "employee@demo.test";
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

let serial = 0;
/** A business ID with a valid check digit that no other test uses (Y-tunnus weights 7 9 10 5 8 4 2). */
function freshBusinessId(): string {
  for (;;) {
    serial += 1;
    const digits = String(5_000_000 + Math.floor(Math.random() * 1_000_000) + serial).padStart(7, "0");
    const sum = [7, 9, 10, 5, 8, 4, 2].reduce((s, w, i) => s + w * Number(digits[i]), 0);
    const rest = sum % 11;
    if (rest !== 1) return `${digits}-${rest === 0 ? 0 : 11 - rest}`;
  }
}

/** A PENDING application of its own, so each test reviews one nobody else touches. */
async function freshApplication(overrides: Partial<typeof companyApplications.$inferInsert> = {}) {
  const tag = randomUUID().slice(0, 8);
  const [row] = await t.database.db
    .insert(companyApplications)
    .values({
      companyName: `Hakija ${tag} Oy`,
      businessId: freshBusinessId(),
      contactFirstName: "Hanna",
      contactLastName: `Hakija${tag}`,
      contactEmail: `hanna.${tag}@hakija.test`,
      contactPhoneNumber: "+358401112233",
      streetAddress: "Testikatu 1",
      postalCode: "00100",
      city: "Helsinki",
      language: "fi",
      ...overrides,
    })
    .returning();
  return row as typeof companyApplications.$inferSelect;
}

async function eventsOf(entityId: string) {
  return t.database.db.select().from(eventLog).where(eq(eventLog.entityId, entityId));
}

async function mailsTo(recipient: string) {
  return t.database.db.select().from(outbox).where(eq(outbox.recipient, recipient));
}

describe("company applications", () => {
  it("lists with the status and search filters, paged, newest first, and counts the pending ones", async () => {
    const first = await freshApplication();
    const second = await freshApplication();
    const page = zCompanyApplicationsPage.parse(
      (await call("GET", "/api/company-applications?status=PENDING&limit=100", HELPDESK)).json(),
    );
    const ids = page.items.map((a) => a.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(page.items.every((a) => a.status === "PENDING")).toBe(true);
    const [pending] = await t.database.db
      .select({ n: count() })
      .from(companyApplications)
      .where(eq(companyApplications.status, "PENDING"));
    expect(page.total).toBe(pending?.n);
    const counted = zCount.parse(
      (await call("GET", "/api/company-applications/pending-count", ADMIN)).json(),
    );
    expect(counted.count).toBe(pending?.n);

    const byName = zCompanyApplicationsPage.parse(
      (
        await call(
          "GET",
          `/api/company-applications?search=${encodeURIComponent(` hanna ${first.contactLastName} `)}`,
          ADMIN,
        )
      ).json(),
    );
    expect(byName.items.map((a) => a.id)).toEqual([first.id]);
    const paged = zCompanyApplicationsPage.parse(
      (await call("GET", "/api/company-applications?limit=1&page=2", ADMIN)).json(),
    );
    expect(paged).toMatchObject({ page: 2, limit: 1, hasPrevious: true });
    expect(paged.items).toHaveLength(1);

    const one = await call("GET", `/api/company-applications/${first.id}`, ADMIN);
    expect(one.statusCode, one.body).toBe(200);
    expect(zCompanyApplication.parse(one.json())).toMatchObject({
      id: first.id,
      status: "PENDING",
      reviewedBy: null,
      businessIdInUse: false,
    });
  });

  it("accepts: the company, its units and new group, a new employer admin with a set-password mail, events", async () => {
    const application = await freshApplication({ language: "en" });
    const groupName = `Hakijakonserni ${randomUUID().slice(0, 8)}`;
    const res = await call("POST", `/api/company-applications/${application.id}/accept`, HELPDESK, {
      newGroupCompanyName: groupName,
      maxPrice: 3500,
      paymentMode: "ALL",
      unitNames: ["Helsinki", "Tampere", "helsinki"],
      reviewNote: "Tarkistettu",
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = zApplicationAccepted.parse(res.json());
    expect(body).toMatchObject({
      adminInvited: true,
      application: {
        status: "ACCEPTED",
        reviewNote: "Tarkistettu",
        createdCompanyId: body.company.companyId,
      },
      company: {
        name: application.companyName,
        businessId: application.businessId,
        groupCompanyName: groupName,
        maxPrice: 3500,
        paymentMode: "ALL",
        contactEmail: application.contactEmail,
      },
    });
    expect(body.application.reviewedBy?.userId).toBe(await userIdByEmail(t.database.db, HELPDESK));
    expect(body.company.companyUnits.map((u) => u.unitName)).toEqual(["Helsinki", "Tampere"]);
    const { db } = t.database;
    const companyId = body.company.companyId;
    expect(await db.select().from(companyUnits).where(eq(companyUnits.companyId, companyId))).toHaveLength(2);
    expect(
      await db
        .select()
        .from(groupCompanies)
        .where(eq(groupCompanies.id, body.company.groupCompanyId as string)),
    ).toHaveLength(1);

    const [admin] = await db.select().from(users).where(eq(users.id, body.adminUserId));
    expect(admin).toMatchObject({ email: application.contactEmail, passwordHash: null, language: "en" });
    const held = await db
      .select({ role: roles.name, companyId: userRoles.companyId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, body.adminUserId));
    expect(held).toEqual([{ role: "EMPLOYER_ADMIN", companyId }]);
    const [profile] = await db.select().from(systemUsers).where(eq(systemUsers.userId, body.adminUserId));
    expect(profile).toMatchObject({ firstName: "Hanna", companyId });
    expect(
      await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, body.adminUserId)),
    ).toHaveLength(1);
    const [mail] = await mailsTo(application.contactEmail);
    expect(mail).toMatchObject({ template: "company-application-accepted" });
    expect(mail?.subject).toBe("Your company has been accepted to Pedaali");
    expect(mail?.bodyText).toContain("/reset/");

    const helpdeskId = await userIdByEmail(db, HELPDESK);
    expect(await eventsOf(application.id)).toMatchObject([
      {
        type: "COMPANY_APPLICATION_ACCEPTED",
        actorUserId: helpdeskId,
        companyId,
        entityType: "companyApplication",
        data: { businessId: application.businessId, adminUserId: body.adminUserId, adminInvited: true },
      },
    ]);
    expect(await eventsOf(companyId)).toMatchObject([
      {
        type: "COMPANY_CREATED",
        actorUserId: helpdeskId,
        companyId,
        entityType: "company",
        data: {
          name: application.companyName,
          businessId: application.businessId,
          applicationId: application.id,
        },
      },
    ]);
    expect(await eventsOf(body.adminUserId)).toMatchObject([
      { type: "USER_CREATED", data: { role: "EMPLOYER_ADMIN", source: "company-application" } },
    ]);

    // Reviewed once: neither accepted nor rejected again.
    const again = `/api/company-applications/${application.id}`;
    expectError(await call("POST", `${again}/accept`, ADMIN, {}), 409, "APPLICATION_ALREADY_REVIEWED");
    expectError(
      await call("POST", `${again}/reject`, ADMIN, { reviewNote: "Ei" }),
      409,
      "APPLICATION_ALREADY_REVIEWED",
    );
  });

  it("gives an existing account the role instead of a new account, without a set-password link", async () => {
    const { db } = t.database;
    const email = `olemassa.${randomUUID().slice(0, 8)}@hakija.test`;
    const [user] = await db.insert(users).values({ email }).returning({ id: users.id });
    const application = await freshApplication({ contactEmail: email.toUpperCase() });
    const res = await call("POST", `/api/company-applications/${application.id}/accept`, ADMIN, {});
    expect(res.statusCode, res.body).toBe(200);
    const body = zApplicationAccepted.parse(res.json());
    expect(body).toMatchObject({ adminUserId: user?.id, adminInvited: false });
    expect(
      await db
        .select()
        .from(userRoles)
        .where(eq(userRoles.userId, user?.id as string)),
    ).toMatchObject([{ companyId: body.company.companyId }]);
    expect(
      await db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, user?.id as string)),
    ).toEqual([]);
    const [mail] = await mailsTo(application.contactEmail);
    expect(mail).toMatchObject({ template: "company-application-accepted" });
    expect(mail?.bodyText).not.toContain("/reset/");
    expect(await eventsOf(user?.id as string)).toMatchObject([
      {
        type: "USER_ROLE_ASSIGNED",
        companyId: body.company.companyId,
        data: { companyIds: [body.company.companyId], source: "company-application" },
      },
    ]);
  });

  it("makes a new account's e-mail lower case and mails the address as the applicant gave it", async () => {
    const email = `Iso.${randomUUID().slice(0, 8)}@Hakija.test`;
    const application = await freshApplication({ contactEmail: email, language: "sv" });
    const res = await call("POST", `/api/company-applications/${application.id}/accept`, ADMIN, {});
    expect(res.statusCode, res.body).toBe(200);
    const body = zApplicationAccepted.parse(res.json());
    expect(body).toMatchObject({ adminInvited: true, company: { contactEmail: email } });
    const [account] = await t.database.db.select().from(users).where(eq(users.id, body.adminUserId));
    expect(account).toMatchObject({
      email: email.toLowerCase(),
      language: "sv",
      phoneNumber: "+358401112233",
    });
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ template: "company-application-accepted" });
    expect(mail?.bodyText).toContain("/reset/");
  });

  it("refuses a taken business ID or group name (409) and unknown references (400), changing nothing", async () => {
    const { db } = t.database;
    const [before] = await db.select({ n: count() }).from(companies);
    const taken = await freshApplication({ businessId: "2980005-2" });
    const listed = zCompanyApplication.parse(
      (await call("GET", `/api/company-applications/${taken.id}`, ADMIN)).json(),
    );
    expect(listed.businessIdInUse).toBe(true);
    expectError(
      await call("POST", `/api/company-applications/${taken.id}/accept`, ADMIN, {}),
      409,
      "BUSINESS_ID_TAKEN",
    );
    const other = await freshApplication();
    const url = `/api/company-applications/${other.id}/accept`;
    expectError(
      await call("POST", url, ADMIN, { newGroupCompanyName: DEMO_GROUP_COMPANY.name.toUpperCase() }),
      409,
      "GROUP_COMPANY_EXISTS_ERROR",
    );
    expectError(await call("POST", url, ADMIN, { leasingCompanyId: UNKNOWN }), 400, "BAD_REQUEST");
    expectError(await call("POST", url, ADMIN, { groupCompanyId: UNKNOWN }), 400, "BAD_REQUEST");
    expectError(await call("POST", url, ADMIN, { maxPrice: -1 }), 400, "VALIDATION_ERROR");
    expectError(await call("POST", url, ADMIN, { unitNames: [""] }), 400, "VALIDATION_ERROR");
    expect(await db.select({ n: count() }).from(companies)).toEqual([before]);
    const rows = await db.select().from(companyApplications).where(eq(companyApplications.id, other.id));
    expect(rows[0]?.status).toBe("PENDING");
    expectError(
      await call("POST", `/api/company-applications/${UNKNOWN}/accept`, ADMIN, {}),
      404,
      "NOT_FOUND",
    );
  });

  it("lets only one of two simultaneous reviews through (409 for the other)", async () => {
    const application = await freshApplication();
    const url = `/api/company-applications/${application.id}`;
    const answers = await Promise.all([
      call("POST", `${url}/accept`, ADMIN, {}),
      call("POST", `${url}/reject`, HELPDESK, { reviewNote: "Päällekkäinen" }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().code).toBe("APPLICATION_ALREADY_REVIEWED");
    const created = await t.database.db
      .select()
      .from(companies)
      .where(eq(companies.businessId, application.businessId));
    expect(created.length).toBe(answers[0]?.statusCode === 200 ? 1 : 0);
  });

  it("rejects with the reason mailed in the applicant's language and an event row", async () => {
    const application = await freshApplication({ language: "sv" });
    const url = `/api/company-applications/${application.id}/reject`;
    expectError(await call("POST", url, ADMIN, {}), 400, "VALIDATION_ERROR");
    expectError(await call("POST", url, ADMIN, { reviewNote: "   " }), 400, "VALIDATION_ERROR");
    const res = await call("POST", url, ADMIN, { reviewNote: "Y-tunnus ei ole voimassa" });
    expect(res.statusCode, res.body).toBe(200);
    expect(zCompanyApplication.parse(res.json())).toMatchObject({
      status: "REJECTED",
      reviewNote: "Y-tunnus ei ole voimassa",
      reviewedBy: { userId: await userIdByEmail(t.database.db, ADMIN) },
      createdCompanyId: null,
    });
    const [mail] = await mailsTo(application.contactEmail);
    expect(mail).toMatchObject({ template: "company-application-rejected" });
    expect(mail?.subject).toBe("Ert företags registrering i Pedaali");
    expect(mail?.bodyText).toContain("Y-tunnus ei ole voimassa");
    expect(await eventsOf(application.id)).toMatchObject([
      { type: "COMPANY_APPLICATION_REJECTED", entityType: "companyApplication", companyId: null },
    ]);
  });

  it("answers bad input with 400, employer and employee users with 403, anonymous callers with 401", async () => {
    const application = await freshApplication();
    expectError(await call("GET", "/api/company-applications?status=MAYBE", ADMIN), 400, "VALIDATION_ERROR");
    expectError(await call("GET", "/api/company-applications/x", ADMIN), 400, "VALIDATION_ERROR");
    expectError(await call("GET", `/api/company-applications/${UNKNOWN}`, ADMIN), 404, "NOT_FOUND");
    for (const who of [DEMO_ADMIN, EMPLOYEE]) {
      expectError(await call("GET", "/api/company-applications", who), 403, "FORBIDDEN");
      expectError(await call("GET", "/api/company-applications/pending-count", who), 403, "FORBIDDEN");
      expectError(
        await call("POST", `/api/company-applications/${application.id}/accept`, who, {}),
        403,
        "FORBIDDEN",
      );
    }
    expectError(
      await call("POST", `/api/company-applications/${application.id}/reject`, null, { reviewNote: "x" }),
      401,
      "UNAUTHORIZED",
    );
  });
});

describe("GET /api/event-log", () => {
  it("filters by type, actor, company, object and inclusive Helsinki dates, newest first, with names", async () => {
    const { db } = t.database;
    const entityId = randomUUID();
    const actorUserId = await userIdByEmail(db, DEMO_ADMIN);
    const companyId = await companyIdByName(db, "Demo Oy");
    const base = { entityType: "order" as const, entityId, companyId, actorUserId };
    // 23:30 on 9 March and 00:30 on 10 March in Helsinki (UTC+2), and noon on 11 March.
    await db.insert(eventLog).values([
      { ...base, type: "ORDER_CONFIRMED", createdAt: new Date("2025-03-09T21:30:00Z") },
      { ...base, type: "ORDER_PROCESSED", createdAt: new Date("2025-03-09T22:30:00Z") },
      {
        ...base,
        type: "ORDER_SENT",
        actorUserId: null,
        companyId: null,
        createdAt: new Date("2025-03-11T10:00:00Z"),
      },
    ]);
    const list = async (query: string) => {
      const res = await call("GET", `/api/event-log?entityType=order&entityId=${entityId}${query}`, HELPDESK);
      expect(res.statusCode, res.body).toBe(200);
      return zEventLogPage.parse(res.json());
    };
    const all = await list("");
    expect(all.items.map((e) => e.type)).toEqual(["ORDER_SENT", "ORDER_PROCESSED", "ORDER_CONFIRMED"]);
    expect(all.items[1]).toMatchObject({
      actor: { userId: actorUserId, name: "Laura Nieminen", email: DEMO_ADMIN },
      company: { id: companyId, name: "Demo Oy" },
      entityType: "order",
    });
    expect(all.items[0]).toMatchObject({ actor: null, company: null });
    expect((await list("&from=2025-03-10&to=2025-03-10")).items.map((e) => e.type)).toEqual([
      "ORDER_PROCESSED",
    ]);
    expect((await list("&to=2025-03-09")).items.map((e) => e.type)).toEqual(["ORDER_CONFIRMED"]);
    expect((await list("&types=ORDER_SENT,ORDER_CONFIRMED")).total).toBe(2);
    expect((await list(`&actorUserId=${actorUserId}&companyId=${companyId}`)).total).toBe(2);
    const paged = await list("&limit=1&page=3");
    expect(paged).toMatchObject({ total: 3, hasNext: false, hasPrevious: true });
    expect(paged.items.map((e) => e.type)).toEqual(["ORDER_CONFIRMED"]);
  });

  it("names each event's object in the same query: user, company, order, lease, role, application", async () => {
    const { db } = t.database;
    const [order] = await db.select({ id: orders.id, number: orders.orderNumber }).from(orders).limit(1);
    const [lease] = await db
      .select({ id: leasingAgreements.id, number: leasingAgreements.agreementNumber })
      .from(leasingAgreements)
      .where(sql`${leasingAgreements.agreementNumber} is not null`)
      .limit(1);
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, "EMPLOYER_ADMIN"));
    const application = await freshApplication();
    const objects: [EventEntityType, string, string | null][] = [
      ["user", await userIdByEmail(db, DEMO_ADMIN), "Laura Nieminen"],
      ["company", await companyIdByName(db, "Demo Oy"), "Demo Oy"],
      ["order", order?.id as string, `#${order?.number}`],
      ["leasingAgreement", lease?.id as string, lease?.number as string],
      ["role", role?.id as string, "EMPLOYER_ADMIN"],
      ["companyApplication", application.id, application.companyName],
      ["beneficiaryEmployee", randomUUID(), null],
      ["order", randomUUID(), null],
    ];
    // A day of its own, minutes apart, so the page holds exactly these, newest first.
    await db.insert(eventLog).values(
      objects.map(([entityType, entityId], i) => ({
        type: "COMPANY_UPDATED" as const,
        entityType,
        entityId,
        createdAt: new Date(Date.UTC(2001, 1, 3, 10, objects.length - i)),
      })),
    );
    const res = await call("GET", "/api/event-log?from=2001-02-03&to=2001-02-03", HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    const page = zEventLogPage.parse(res.json());
    expect(page.items.map((e) => [e.entityType, e.entityId, e.entityLabel])).toEqual(objects);
  });

  it("answers bad filters with 400, employer users with 403 and anonymous callers with 401", async () => {
    expectError(await call("GET", "/api/event-log?types=NOPE", ADMIN), 400, "VALIDATION_ERROR");
    expectError(await call("GET", "/api/event-log?from=2025-13-01", ADMIN), 400, "VALIDATION_ERROR");
    expectError(await call("GET", "/api/event-log?actorUserId=x", ADMIN), 400, "VALIDATION_ERROR");
    // Only the types the log is written with: a misspelt one would answer an empty history, not an error.
    expectError(await call("GET", "/api/event-log?entityType=insuranceCase", ADMIN), 400, "VALIDATION_ERROR");
    expectError(await call("GET", "/api/event-log", DEMO_ADMIN), 403, "FORBIDDEN");
    expectError(await call("GET", "/api/event-log", null), 401, "UNAUTHORIZED");
  });
});

describe("GET /api/admin/reports", () => {
  it("counts per Helsinki month with every month of the range, and money per payer in euros", async () => {
    const { db } = t.database;
    const companyId = await companyIdByName(db, "Demo Oy");
    const [employment] = await db
      .select({ id: beneficiaryEmployees.id })
      .from(beneficiaryEmployees)
      .where(eq(beneficiaryEmployees.userId, await userIdByEmail(db, EMPLOYEE)));
    const [leasing] = await db.select({ id: leasingCompanies.id }).from(leasingCompanies).limit(1);
    const beneficiaryEmployeeId = employment?.id as string;
    // 31 January 22:30 UTC is already 1 February in Helsinki.
    const made = await db
      .insert(orders)
      .values([
        {
          beneficiaryEmployeeId,
          companyId,
          orderStatus: "ACTIVE_LEASING",
          createdAt: new Date("2020-01-31T22:30:00Z"),
        },
        {
          beneficiaryEmployeeId,
          companyId,
          orderStatus: "PENDING",
          createdAt: new Date("2020-02-20T10:00:00Z"),
        },
        {
          beneficiaryEmployeeId,
          companyId,
          orderStatus: "PENDING",
          createdAt: new Date("2020-01-20T10:00:00Z"),
        },
      ])
      .returning({ id: orders.id });
    const agreement = {
      orderId: made[0]?.id as string,
      beneficiaryEmployeeId,
      companyId,
      leasingCompanyId: leasing?.id as string,
      leaseTimeMonths: 36,
      monthlyPaymentCents: 5000,
      totalPriceCents: 200000,
    };
    await db.insert(leasingAgreements).values([
      { ...agreement, startDate: "2020-02-15", endDate: "2023-02-14" },
      { ...agreement, startDate: "2017-03-01", endDate: "2020-03-01" },
    ]);
    await db.insert(invoices).values([
      {
        payerType: "GRENKE",
        amountCents: 10000,
        vatCents: 2550,
        totalCents: 12550,
        paidAmountCents: 5000,
        issueDate: "2020-02-10",
      },
      { payerType: "GRENKE", amountCents: 100, vatCents: 0, totalCents: 100, issueDate: "2020-03-11" },
    ]);

    const res = await call("GET", "/api/admin/reports?from=2020-01-15&to=2020-03-10", HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    const report = zPlatformReport.parse(res.json());
    expect(report).toMatchObject({ from: "2020-01-15", to: "2020-03-10" });
    expect(report.ordersOverTime).toEqual([
      { month: "2020-01", counts: { PENDING: 1 } },
      { month: "2020-02", counts: { ACTIVE_LEASING: 1, PENDING: 1 } },
      { month: "2020-03", counts: {} },
    ]);
    expect(report.leases).toEqual([
      { month: "2020-01", started: 0, ending: 0 },
      { month: "2020-02", started: 1, ending: 0 },
      { month: "2020-03", started: 0, ending: 1 },
    ]);
    expect(report.moneyByPayer.find((m) => m.payerType === "GRENKE")).toEqual({
      payerType: "GRENKE",
      invoiced: 125.5,
      paid: 50,
    });
    const [ordersNow] = await db.select({ n: count() }).from(orders);
    expect(report.totals.orders).toBe(ordersNow?.n);
    const [pending] = await db
      .select({ n: count() })
      .from(orders)
      .where(sql`${orders.orderStatus} = 'PENDING'`);
    expect(report.ordersByStatus.find((s) => s.status === "PENDING")?.count).toBe(pending?.n);
    const [apps] = await db
      .select({ n: count() })
      .from(companyApplications)
      .where(eq(companyApplications.status, "PENDING"));
    expect(report.totals.pendingApplications).toBe(apps?.n);
  });

  it("defaults to the last 12 whole months and the current one", async () => {
    expect(defaultRange(new Date("2026-11-22T10:00:00Z"))).toEqual({ from: "2025-11-01", to: "2026-11-22" });
    // 31 December 23:30 UTC is already the new year in Helsinki.
    expect(defaultRange(new Date("2025-12-31T23:30:00Z"))).toEqual({ from: "2025-01-01", to: "2026-01-01" });
    expect(monthsFromTo("2025-11-01", "2026-02-03")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    const report = zPlatformReport.parse((await call("GET", "/api/admin/reports", ADMIN)).json());
    expect(report.ordersOverTime).toHaveLength(13);
    expect(report.leases).toHaveLength(13);
  });

  it("answers a reversed or bad range with 400, employer users with 403 and anonymous callers with 401", async () => {
    expectError(
      await call("GET", "/api/admin/reports?from=2025-02-01&to=2025-01-01", ADMIN),
      400,
      "BAD_REQUEST",
    );
    expectError(await call("GET", "/api/admin/reports?from=yesterday", ADMIN), 400, "VALIDATION_ERROR");
    expectError(await call("GET", "/api/admin/reports", DEMO_ADMIN), 403, "FORBIDDEN");
    expectError(await call("GET", "/api/admin/reports", null), 401, "UNAUTHORIZED");
  });
});

describe("GET /api/admin/search", () => {
  const search = async (q: string) => {
    const res = await call("GET", `/api/admin/search?q=${encodeURIComponent(q)}`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    return zHelpdeskSearchResult.parse(res.json());
  };

  it("finds companies, users and orders by name, business ID, e-mail and order number", async () => {
    const { db } = t.database;
    const companyId = await companyIdByName(db, "Demo Oy");
    const employeeId = await userIdByEmail(db, EMPLOYEE);
    const [employment] = await db
      .select({ id: beneficiaryEmployees.id })
      .from(beneficiaryEmployees)
      .where(and(eq(beneficiaryEmployees.userId, employeeId), eq(beneficiaryEmployees.companyId, companyId)));
    const [order] = await db
      .insert(orders)
      .values({ beneficiaryEmployeeId: employment?.id as string, companyId })
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    const [employee] = await db.select().from(systemUsers).where(eq(systemUsers.userId, employeeId));
    const fullName = `${employee?.firstName} ${employee?.lastName}`;

    expect((await search("demo oy")).companies.map((c) => c.name)).toContain("Demo Oy");
    expect((await search("2980005")).companies).toEqual([
      { id: companyId, name: "Demo Oy", businessId: "2980005-2" },
    ]);
    const byName = await search(fullName.toUpperCase());
    expect(byName.users).toContainEqual({
      userId: employeeId,
      name: fullName,
      email: EMPLOYEE,
      companyName: "Demo Oy",
    });
    expect(byName.orders.map((o) => o.orderId)).toContain(order?.id);
    // Part of a last name finds the person and their orders too.
    const byLastName = await search(employee?.lastName.slice(1).toLowerCase() ?? "");
    expect(byLastName.users.map((u) => u.userId)).toContain(employeeId);
    expect(byLastName.orders.map((o) => o.orderId)).toContain(order?.id);
    expect((await search(EMPLOYEE)).users.map((u) => u.userId)).toEqual([employeeId]);
    const byNumber = await search(String(order?.orderNumber));
    expect(byNumber.orders).toEqual([
      {
        orderId: order?.id,
        orderNumber: order?.orderNumber,
        orderStatus: "NOT_STARTED",
        employeeName: fullName,
        companyId,
        companyName: "Demo Oy",
      },
    ]);
    // Wildcards typed by the user match themselves; a huge number matches no order.
    expect(await search("%%")).toEqual({ companies: [], users: [], orders: [] });
    expect((await search("99999999999")).orders).toEqual([]);
  });

  it("answers a too short text with 400, employer users with 403 and anonymous callers with 401", async () => {
    expectError(await call("GET", "/api/admin/search?q=a", ADMIN), 400, "VALIDATION_ERROR");
    expectError(await call("GET", "/api/admin/search", ADMIN), 400, "VALIDATION_ERROR");
    expectError(await call("GET", "/api/admin/search?q=demo", DEMO_ADMIN), 403, "FORBIDDEN");
    expectError(await call("GET", "/api/admin/search?q=demo", null), 401, "UNAUTHORIZED");
  });
});
