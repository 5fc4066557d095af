import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zErasureResult, zLegalHolds } from "../../../contract/erasure.ts";
import {
  beneficiaryEmployees,
  bikeBrokerageInquiries,
  bikeBrokerages,
  contactForms,
  employeeAbsences,
  eventLog,
  idempotencyKeys,
  leasingAgreements,
  leasingCompanies,
  legalHolds,
  messageOutbox,
  notifications,
  orders,
  strongIdentifications,
  systemUsers,
  userPayments,
  users,
} from "../../db/schema/index.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo-data.ts";
import { applyRetention } from "../../jobs/retention.ts";
import { hashPassword } from "../auth/passwords.ts";

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const ADMIN = "admin@pedaali.test";
const HELPDESK = "helpdesk@pedaali.test";
const DEMO_ADMIN = "employer.admin@demo.test";
const EMPLOYEE = "employee@demo.test";

type Person = {
  userId: string;
  email: string;
  phone: string;
  lastName: string;
  employmentId: string;
  /** The ended lease's order, its agreement and its signer's identification: what a law keeps. */
  orderId: string;
  agreementId: string;
  identificationId: string;
  paymentId: string;
};

/**
 * A person with an ended lease and a cancelled order behind them, and their traces around the service:
 * an absence's note, a message, a contact form, a brokerage listing and inquiry, the bell of their
 * employer, the event log.
 */
async function personWithHistory(): Promise<Person> {
  const { db } = t.database;
  const tag = randomUUID().slice(0, 8);
  const lastName = `Poistettavainen${tag}`;
  const email = `erase.${tag}@demo.test`;
  const phone = `+35840${Math.floor(1000000 + Math.random() * 8999999)}`;
  const companyId = await companyIdByName(db, "Demo Oy");
  const created = await call("POST", "/api/system-users", ADMIN, {
    firstName: "Eeva",
    lastName,
    workEmail: email,
    phoneNumber: phone,
    companyId,
    role: "BIKE_BENEFICIARY",
  });
  expect(created.statusCode, created.body).toBe(201);
  const userId = await userIdByEmail(db, email);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(DEMO_PASSWORD), phoneVerifiedAt: new Date() })
    .where(eq(users.id, userId));
  await db
    .update(systemUsers)
    .set({ personalEmail: `koti.${tag}@example.com` })
    .where(eq(systemUsers.userId, userId));
  const [employment] = await db
    .insert(beneficiaryEmployees)
    .values({
      userId,
      companyId,
      status: "ACCEPTED",
      employeeNumber: `E-${lastName}`,
      employerNote: lastName,
    })
    .onConflictDoUpdate({
      target: [beneficiaryEmployees.userId, beneficiaryEmployees.companyId],
      set: { employeeNumber: `E-${lastName}`, employerNote: lastName },
    })
    .returning({ id: beneficiaryEmployees.id });
  const employmentId = employment?.id as string;
  await db.insert(employeeAbsences).values({
    beneficiaryEmployeeId: employmentId,
    companyId,
    reason: "OTHER",
    reasonOther: `${lastName} opiskelee`,
    startDate: "2024-01-01",
    note: `Soita ${phone}`,
  });
  const [leasingCompany] = await db.select({ id: leasingCompanies.id }).from(leasingCompanies).limit(1);
  const [ended] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employmentId,
      companyId,
      orderStatus: "ACTIVE_LEASING",
      deliveryStreetAddress: `${lastName}ntie 1`,
      customerComment: `Terveisin Eeva ${lastName}`,
    })
    .returning({ id: orders.id });
  const orderId = ended?.id as string;
  await db.insert(orders).values({
    beneficiaryEmployeeId: employmentId,
    companyId,
    orderStatus: "CANCELLED",
    cancelledAt: new Date("2023-05-01T10:00:00Z"),
    customerComment: `Soittakaa ${phone}`,
  });
  const [agreement] = await db
    .insert(leasingAgreements)
    .values({
      orderId,
      beneficiaryEmployeeId: employmentId,
      companyId,
      leasingCompanyId: leasingCompany?.id as string,
      status: "ACCEPTED",
      leaseTimeMonths: 24,
      monthlyPaymentCents: 5000,
      totalPriceCents: 120000,
      startDate: "2022-01-01",
      endDate: "2023-12-31",
    })
    .returning({ id: leasingAgreements.id });
  const [identification] = await db
    .insert(strongIdentifications)
    .values({
      userId,
      orderId,
      purpose: "SIGN_AGREEMENT",
      issuer: "https://tunnistus.test",
      subject: `sub-${tag}`,
      verifiedName: `Eeva ${lastName}`,
      idToken: "header.payload.signature",
    })
    .returning({ id: strongIdentifications.id });
  const [payment] = await db
    .insert(userPayments)
    .values({
      beneficiaryEmployeeId: employmentId,
      companyId,
      orderId,
      amountCents: 10000,
      description: `Omavastuu, ${lastName}`,
      paymentStatus: "PAID",
      isUserPaymentDone: true,
      paidAt: new Date("2023-03-01T10:00:00Z"),
    })
    .returning({ id: userPayments.id });
  await db.insert(messageOutbox).values({
    userId: null,
    event: "TEST_MESSAGE",
    channel: "EMAIL",
    recipient: email,
    params: { name: `Eeva ${lastName}` },
  });
  await db.insert(contactForms).values({ name: `Eeva ${lastName}`, email, message: "Poistakaa tietoni" });
  const [listing] = await db
    .insert(bikeBrokerages)
    .values({
      userId,
      companyId,
      contactName: `Eeva ${lastName}`,
      contactEmail: email,
      contactPhoneNumber: phone,
    })
    .returning({ id: bikeBrokerages.id });
  await db.insert(bikeBrokerageInquiries).values({
    bikeBrokerageId: listing?.id as string,
    userId,
    name: `Eeva ${lastName}`,
    email,
    message: `Soita ${phone}`,
  });
  const demoAdminId = await userIdByEmail(db, DEMO_ADMIN);
  await db.insert(notifications).values({
    userId: demoAdminId,
    companyId,
    type: "EMPLOYEE_REGISTRATION",
    title: `Uusi työntekijä Eeva ${lastName}`,
    message: `Eeva ${lastName} liittyi`,
    entityType: "beneficiaryEmployee",
    entityId: employmentId,
  });
  await db.insert(eventLog).values({
    type: "EMPLOYEE_UPDATED",
    actorUserId: demoAdminId,
    companyId,
    entityType: "beneficiaryEmployee",
    entityId: employmentId,
    data: { lastName, email, phoneNumber: phone, fields: ["lastName"], note: `kysy ${lastName}` },
  });
  // The helpdesk's refund of the person's order, its answer kept a day for a retry under its key; and a
  // key of the person's own.
  const idempotencyKey = (ownerId: string, body: object) => ({
    userId: ownerId,
    key: randomUUID(),
    method: "POST",
    path: `/api/orders/${orderId}/status`,
    requestHash: "0".repeat(64),
    statusCode: 200,
    responseBody: JSON.stringify(body),
    createdAt: new Date(),
    answeredAt: new Date(),
  });
  await db
    .insert(idempotencyKeys)
    .values([
      idempotencyKey(demoAdminId, { orderId, employee: { name: `Eeva ${lastName}`, email } }),
      idempotencyKey(userId, { orderId }),
    ]);
  return {
    userId,
    email,
    phone,
    lastName,
    employmentId,
    orderId,
    agreementId: agreement?.id as string,
    identificationId: identification?.id as string,
    paymentId: payment?.id as string,
  };
}

/**
 * Every text, varchar, JSON and text-array column of the public schema that still holds one of `needles`,
 * as `table.column`, leaving out the rows a hold keeps (by their id).
 */
async function columnsHolding(needles: string[], heldIds: string[]): Promise<string[]> {
  const { db } = t.database;
  const select = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
    const result = await db.execute(query);
    return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
  };
  const columns = await select<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and (c.data_type in ('text', 'character varying', 'json', 'jsonb') or c.udt_name = '_text')`);
  const withId = new Set(
    (
      await select<{ table_name: string }>(sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'id' and data_type = 'uuid'`)
    ).map((r) => r.table_name),
  );
  const patterns = needles.map((n) => `%${n}%`);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const skipHeld =
      withId.has(table) && heldIds.length > 0
        ? sql` and id::text <> all(${sql.raw(`array[${heldIds.map((id) => `'${id}'`).join(",")}]`)})`
        : sql``;
    const rows = await select<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)}
        where ${sql.identifier(column)}::text ilike any(${sql.raw(`array[${patterns.map((p) => `'${p.replaceAll("'", "''")}'`).join(",")}]`)})${skipHeld}`,
    );
    if ((rows[0]?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

const erase = (userId: string, who: string | null, body: unknown = { reason: "Henkilön oma pyyntö" }) =>
  call("POST", `/api/system-users/${userId}/erasure`, who, body);

describe("POST /api/system-users/:userId/erasure", () => {
  it("erases a person with no running lease everywhere but in what a law keeps, and they cannot log in", async () => {
    const person = await personWithHistory();
    const before = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: person.email, password: DEMO_PASSWORD },
    });
    expect([200, 202], before.body).toContain(before.statusCode);
    // The needles are in the database before: the search below finds them.
    expect(await columnsHolding([person.lastName], [])).toContain("system_users.last_name");

    const res = await erase(person.userId, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    const result = zErasureResult.parse(res.json());
    const held = new Map(result.holds.map((h) => [h.entityId, h]));
    expect(held.get(person.agreementId)).toMatchObject({
      entityType: "leasingAgreement",
      endsOn: "2026-12-31",
    });
    expect(held.get(person.identificationId)).toMatchObject({ entityType: "strongIdentification" });
    expect(held.get(person.paymentId)).toMatchObject({ entityType: "userPayment", endsOn: "2029-12-31" });
    expect(held.get(person.paymentId)?.legalBasis).toContain("1336/1997");

    const left = await columnsHolding(
      [person.email, person.phone, person.lastName],
      result.holds.map((h) => h.entityId),
    );
    expect(left).toEqual([]);

    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: person.email, password: DEMO_PASSWORD },
    });
    expect([401, 403], login.body).toContain(login.statusCode);
    const [account] = await t.database.db.select().from(users).where(eq(users.id, person.userId));
    expect(account).toMatchObject({ deactivated: true, passwordHash: null, phoneNumber: null });
    expect(account?.email).toMatch(/^poistettu-[0-9a-f]{12}@poistettu\.invalid$/);
    // The person's own Idempotency-Keys went with the account; the other's answer naming them too.
    expect(
      await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, person.userId)),
    ).toEqual([]);

    // The event log says that an erasure happened, by whom and why, and not whose.
    const [event] = await t.database.db
      .select()
      .from(eventLog)
      .where(sql`${eventLog.type} = 'PERSON_ERASED' and ${eventLog.entityId} = ${result.erasureId}`);
    expect(event).toMatchObject({
      entityType: "erasure",
      actorUserId: await userIdByEmail(t.database.db, HELPDESK),
      data: { reason: "Henkilön oma pyyntö", holds: result.holds.length },
    });
    expect(JSON.stringify(event?.data)).not.toContain(person.userId);
    const [updated] = await t.database.db
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(sql`${eventLog.type} = 'EMPLOYEE_UPDATED' and ${eventLog.entityId} = ${person.employmentId}`);
    expect(updated?.data).toMatchObject({ fields: ["lastName"] });

    const holds = await call("GET", `/api/system-users/${person.userId}/legal-holds`, HELPDESK);
    expect(holds.statusCode, holds.body).toBe(200);
    expect(
      zLegalHolds
        .parse(holds.json())
        .items.map((h) => h.id)
        .sort(),
    ).toEqual(result.holds.map((h) => h.id).sort());

    // Twice: it is done already.
    expectError(await erase(person.userId, HELPDESK), 409, "ALREADY_ERASED");
  });

  it("erases what a hold kept once the hold has ended, in the nightly retention", async () => {
    const person = await personWithHistory();
    const res = await erase(person.userId, ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    const { holds } = zErasureResult.parse(res.json());
    const { db } = t.database;
    await db
      .update(legalHolds)
      .set({ endsOn: "2020-01-01" })
      .where(eq(legalHolds.subjectUserId, person.userId));

    const counts = await applyRetention(db, { now: new Date() });
    expect(counts.legalHoldsEnded).toBeGreaterThanOrEqual(holds.length);
    expect(await db.select().from(legalHolds).where(eq(legalHolds.subjectUserId, person.userId))).toEqual([]);
    expect(await columnsHolding([person.email, person.phone, person.lastName], [])).toEqual([]);
    const [identification] = await db
      .select({ verifiedName: strongIdentifications.verifiedName })
      .from(strongIdentifications)
      .where(eq(strongIdentifications.id, person.identificationId));
    expect(identification?.verifiedName).toBe("Poistettu käyttäjä");
  });

  it("refuses while the person's lease runs, naming it", async () => {
    const employeeId = await userIdByEmail(t.database.db, EMPLOYEE);
    const body = expectError(await erase(employeeId, HELPDESK), 409, "ERASURE_BLOCKED");
    expect(body.message).toContain("a running lease");
    expect(body.details?.map((d) => d.field)).toContain("blocker.RUNNING_LEASE");
    const [still] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, employeeId));
    expect(still?.email).toBe(EMPLOYEE);
  });

  it("refuses one's own data, and a staff member's to the helpdesk", async () => {
    const helpdeskId = await userIdByEmail(t.database.db, HELPDESK);
    expectError(await erase(helpdeskId, HELPDESK), 403);
    expectError(await erase(await userIdByEmail(t.database.db, ADMIN), HELPDESK), 403);
  });

  it("answers 403 to a role without the permission, 401 anonymously, 404 for nobody, 400 without a reason", async () => {
    const person = await personWithHistory();
    expectError(await erase(person.userId, DEMO_ADMIN), 403);
    expectError(await erase(person.userId, EMPLOYEE), 403);
    expectError(await erase(person.userId, null), 401);
    expectError(await erase(randomUUID(), HELPDESK), 404);
    expectError(await erase(person.userId, HELPDESK, { reason: "" }), 400);
    expectError(await erase(person.userId, HELPDESK, { reason: "x".repeat(1001) }), 400);
    expectError(await erase(person.userId, HELPDESK, {}), 400);
    expectError(await call("GET", `/api/system-users/${person.userId}/legal-holds`, DEMO_ADMIN), 403);
    expectError(await call("GET", `/api/system-users/${person.userId}/legal-holds`, null), 401);
    const [untouched] = await t.database.db.select().from(users).where(eq(users.id, person.userId));
    expect(untouched?.email).toBe(person.email);
  });
});
