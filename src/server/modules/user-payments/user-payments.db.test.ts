import { randomUUID } from "node:crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { outboxRowsOf } from "../../../../tests/helpers/outbox.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import {
  USER_PAYMENTS_FETCH_ERROR,
  zMyUserPayments,
  zUserPayment,
  zUserPaymentDetails,
  zUserPaymentPage,
} from "../../../contract/user-payments.ts";
import { PEDAALI_BANK_ACCOUNT } from "../../../domain/payment-instructions.ts";
import { formatReferenceNumber } from "../../../domain/reference-number.ts";
import {
  beneficiaryEmployees,
  companies,
  eventLog,
  orders,
  outbox,
  userPayments,
  users,
} from "../../db/schema/index.ts";
import { inTransaction, write } from "../../db/transaction.ts";
import {
  cancelUserPayment,
  createUserPayment,
  markUserPaymentPaid,
  markUserPaymentSent,
  type NewUserPayment,
} from "./ledger.ts";

/**
 * User payments (ADR 009, "User payments"): the employee's own list, the helpdesk's and the employer's paged
 * list with the filters of docs/data-model.md, one payment with its events, and the helpdesk's changes.
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const HELPDESK = "helpdesk@pedaali.test";
const SUPER_ADMIN = "admin@pedaali.test";
const EMPLOYER = "employer.admin@demo.test";
const EDITOR = "employer.editor@demo.test";
const GROUP_ADMIN = "group.admin@demo.test";
const REPORTING = "reporting@demo.test";
const EMPLOYEE = "employee@demo.test";
const OTHER_TENANT = "employer.admin@toinen.test";
const MISSING = "00000000-0000-4000-8000-00000000dead";
const LIST = "/api/user-payment/optimized";

let demoOyId: string;
let toinenOyId: string;
let employmentId: string;
let colleagueEmploymentId: string;
let toinenEmploymentId: string;
const employeeEmail = EMPLOYEE;

async function employmentOf(companyId: string, where: ReturnType<typeof eq>) {
  const [row] = await t.database.db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(and(eq(beneficiaryEmployees.companyId, companyId), where))
    .limit(1);
  if (!row) throw new Error("no employment");
  return row.id;
}

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  toinenOyId = await companyIdByName(db, "Toinen Oy");
  const employeeUserId = await userIdByEmail(db, EMPLOYEE);
  employmentId = await employmentOf(demoOyId, eq(users.id, employeeUserId));
  colleagueEmploymentId = await employmentOf(demoOyId, ne(users.id, employeeUserId));
  toinenEmploymentId = await employmentOf(toinenOyId, eq(beneficiaryEmployees.status, "ACCEPTED"));
});

/** A word no other test uses, to find this test's payments by search. */
const tag = () => `Testi-${randomUUID().slice(0, 8)}`;

type Made = { id: string; referenceNumber: string };

/** A payment made through the ledger at `at`, then sent and paid at the given instants. */
async function made(
  overrides: Partial<NewUserPayment> & { at?: string; sentAt?: string; paidAt?: string } = {},
): Promise<Made> {
  const { at, sentAt, paidAt, ...rest } = overrides;
  const companyId =
    rest.beneficiaryEmployeeId === toinenEmploymentId ? toinenOyId : (rest.companyId ?? demoOyId);
  return inTransaction(t.database.db, async (tx) => {
    const by = (now: string) => ({ tx, actor: { userId: null }, now: new Date(now) });
    const id = await createUserPayment(by(at ?? "2026-03-02T08:00:00Z"), {
      kind: "OTHER",
      beneficiaryEmployeeId: employmentId,
      description: tag(),
      amountCents: 8_900,
      paymentMethod: "BATCH",
      dueDate: "2026-04-15",
      send: false,
      ...rest,
      companyId,
    });
    if (sentAt) await markUserPaymentSent(by(sentAt), id);
    if (paidAt) await markUserPaymentPaid(by(paidAt), id);
    const [row] = await tx
      .select({ referenceNumber: userPayments.referenceNumber })
      .from(userPayments)
      .where(eq(userPayments.id, id));
    return { id, referenceNumber: row?.referenceNumber as string };
  });
}

async function list(who: string, query: Record<string, string>) {
  const res = await call("GET", `${LIST}?${new URLSearchParams(query)}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return zUserPaymentPage.parse(res.json());
}
const ids = (page: { items: { id: string }[] }) => page.items.map((p) => p.id);

describe("GET /api/user-payment (the employee's own)", () => {
  it("answers every payment of the caller's, newest first, an open invoice with how to pay it", async () => {
    const word = tag();
    const paid = await made({
      description: `${word} maksettu`,
      at: "2026-01-10T10:00:00Z",
      sentAt: "2026-01-10T10:00:00Z",
      paidAt: "2026-01-20T10:00:00Z",
    });
    const payroll = await made({
      description: `${word} palkasta`,
      paymentMethod: "PAYROLL",
      dueDate: "2026-05-01",
      at: "2026-02-10T10:00:00Z",
    });
    const invoice = await made({
      description: `${word} lasku`,
      at: "2026-03-10T10:00:00Z",
      send: true,
      amountCents: 12_345,
    });
    const colleague = await made({
      beneficiaryEmployeeId: colleagueEmploymentId,
      description: `${word} kollega`,
    });

    const res = await call("GET", "/api/user-payment", EMPLOYEE);
    expect(res.statusCode, res.body).toBe(200);
    const mine = zMyUserPayments.parse(res.json()).items;
    const ours = mine.filter((p) => p.description?.startsWith(word));
    expect(ours.map((p) => p.id)).toEqual([invoice.id, payroll.id, paid.id]);
    expect(mine.map((p) => p.id)).not.toContain(colleague.id);
    for (let i = 1; i < mine.length; i++)
      expect((mine[i - 1]?.createdAt ?? "") >= (mine[i]?.createdAt ?? "")).toBe(true);

    const open = ours[0];
    expect(open).toMatchObject({
      kind: "OTHER",
      paymentMethod: "BATCH",
      paymentStatus: "PENDING",
      amountCents: 12_345,
      company: { companyId: demoOyId, name: "Demo Oy" },
      bankTransfer: {
        recipient: PEDAALI_BANK_ACCOUNT.recipient,
        iban: "FI90 4055 0012 3456 76",
        bic: PEDAALI_BANK_ACCOUNT.bic,
        referenceNumber: formatReferenceNumber(invoice.referenceNumber),
        amountCents: 12_345,
        dueDate: "2026-04-15",
      },
    });
    expect(open?.bankTransfer?.virtualBarcode).toMatch(/^4\d{53}$/);
    // A payroll deduction and a paid invoice need no transfer.
    expect(ours[1]?.bankTransfer).toBeNull();
    expect(ours[2]).toMatchObject({ paymentStatus: "PAID", isUserPaymentDone: true, bankTransfer: null });
  });

  it("is the employee's: 403 to the employer's roles, 401 without a session", async () => {
    expectError(await call("GET", "/api/user-payment", EMPLOYER), 403, "FORBIDDEN");
    expectError(await call("GET", "/api/user-payment", REPORTING), 403, "FORBIDDEN");
    expectError(await call("GET", "/api/user-payment", null), 401, "UNAUTHORIZED");
  });
});

describe("GET /api/user-payment/optimized", () => {
  it("searches the employee's name and e-mail, the reference number, the description and the order number", async () => {
    const word = tag();
    const payment = await made({ description: `${word} tarakka` });
    const [order] = await t.database.db
      .insert(orders)
      .values({ beneficiaryEmployeeId: employmentId, companyId: demoOyId, orderStatus: "ACTIVE_LEASING" })
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    const ofOrder = await made({ orderId: order?.id as string, description: "Omavastuu" });

    expect(ids(await list(HELPDESK, { searchTerm: word.toLowerCase() }))).toEqual([payment.id]);
    expect(ids(await list(HELPDESK, { searchTerm: formatReferenceNumber(payment.referenceNumber) }))).toEqual(
      [payment.id],
    );
    expect(ids(await list(HELPDESK, { searchTerm: String(order?.orderNumber) }))).toContain(ofOrder.id);
    const byEmail = await list(HELPDESK, { searchTerm: employeeEmail.toUpperCase(), pageSize: "100" });
    expect(byEmail.items.every((p) => p.employee.email === employeeEmail)).toBe(true);
    expect(byEmail.total).toBeGreaterThanOrEqual(2);
    const name = byEmail.items[0]?.employee.name as string;
    const byName = await list(HELPDESK, { searchTerm: name.toUpperCase(), pageSize: "100" });
    expect(byName.items.map((p) => p.id)).toContain(payment.id);
    expect(byName.items.every((p) => p.employee.name.toUpperCase().includes(name.toUpperCase()))).toBe(true);
    // LIKE's wildcards match themselves.
    expect((await list(HELPDESK, { searchTerm: "%_%" })).total).toBe(0);
  });

  it("finds a payment Pedaali made by its kind's name in fi, en and sv, and by its order and reference number", async () => {
    const [order] = await t.database.db
      .insert(orders)
      .values({ beneficiaryEmployeeId: employmentId, companyId: demoOyId, orderStatus: "ACTIVE_LEASING" })
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    // Made by the system: no description of its own, its kind says what it is.
    const redemption = await made({ kind: "REDEMPTION", orderId: order?.id as string, description: null });
    const deductible = await made({ kind: "DEDUCTIBLE", description: null });
    const all = { pageSize: "100" };
    for (const word of ["lunastus", "Redemption", "INLÖSEN"]) {
      const found = ids(await list(HELPDESK, { ...all, searchTerm: word }));
      expect(found, word).toContain(redemption.id);
      expect(found, word).not.toContain(deductible.id);
    }
    for (const word of ["omavastuu", "deductible", "självrisk"])
      expect(ids(await list(HELPDESK, { ...all, searchTerm: word })), word).toContain(deductible.id);
    // An order number is searched as text: another payment's order or reference number may hold its
    // digits too.
    expect(ids(await list(HELPDESK, { ...all, searchTerm: String(order?.orderNumber) }))).toContain(
      redemption.id,
    );
    expect(
      ids(await list(HELPDESK, { searchTerm: formatReferenceNumber(redemption.referenceNumber) })),
    ).toEqual([redemption.id]);
    // The kind's name narrows within the other filters as any search does.
    const paid = await list(HELPDESK, { ...all, searchTerm: "lunastus", isUserPaymentDone: "true" });
    expect(ids(paid)).not.toContain(redemption.id);
  });

  it("narrows by the created, sent and paid Helsinki days, both ends included", async () => {
    const word = tag();
    // 31.5. 23:30 UTC is already 1.6. in Helsinki.
    const late = await made({ description: word, at: "2019-05-31T21:30:00Z" });
    const early = await made({ description: word, at: "2019-05-31T20:30:00Z" });
    const sent = await made({
      description: word,
      at: "2019-05-01T10:00:00Z",
      sentAt: "2019-06-10T10:00:00Z",
    });
    const paid = await made({
      description: word,
      at: "2019-05-01T10:00:00Z",
      sentAt: "2019-06-10T10:00:00Z",
      paidAt: "2019-07-05T10:00:00Z",
    });
    const search = { searchTerm: word };
    expect(ids(await list(HELPDESK, { ...search, createdFrom: "2019-06-01" })).sort()).toEqual(
      [late.id].sort(),
    );
    expect(ids(await list(HELPDESK, { ...search, createdTo: "2019-05-31" })).sort()).toEqual(
      [early.id, sent.id, paid.id].sort(),
    );
    expect(
      ids(await list(HELPDESK, { ...search, createdFrom: "2019-05-31", createdTo: "2019-05-31" })),
    ).toEqual([early.id]);
    expect(
      ids(await list(HELPDESK, { ...search, sentFrom: "2019-06-10", sentTo: "2019-06-10" })).sort(),
    ).toEqual([sent.id, paid.id].sort());
    expect(ids(await list(HELPDESK, { ...search, sentTo: "2019-06-09" }))).toEqual([]);
    expect(ids(await list(HELPDESK, { ...search, paidFrom: "2019-07-01", paidTo: "2019-07-31" }))).toEqual([
      paid.id,
    ]);
    expect(ids(await list(HELPDESK, { ...search, paidFrom: "2019-07-06" }))).toEqual([]);
  });

  it("narrows by done or not, and pages newest first", async () => {
    const word = tag();
    const first = await made({ description: word, at: "2026-01-01T10:00:00Z" });
    const second = await made({
      description: word,
      at: "2026-01-02T10:00:00Z",
      paidAt: "2026-01-03T10:00:00Z",
    });
    const third = await made({ description: word, at: "2026-01-03T10:00:00Z" });
    const search = { searchTerm: word };
    expect(ids(await list(HELPDESK, { ...search, isUserPaymentDone: "true" }))).toEqual([second.id]);
    expect(ids(await list(HELPDESK, { ...search, isUserPaymentDone: "false" }))).toEqual([
      third.id,
      first.id,
    ]);

    const pageOne = await list(HELPDESK, { ...search, pageSize: "2" });
    expect(pageOne).toMatchObject({
      page: 1,
      limit: 2,
      total: 3,
      totalPages: 2,
      hasNext: true,
      hasPrevious: false,
    });
    expect(ids(pageOne)).toEqual([third.id, second.id]);
    const pageTwo = await list(HELPDESK, { ...search, pageSize: "2", page: "2" });
    expect(pageTwo).toMatchObject({ page: 2, total: 3, hasNext: false, hasPrevious: true });
    expect(ids(pageTwo)).toEqual([first.id]);
    // docs/product.md "Constants": page 1 of 10 unless told.
    expect(await list(HELPDESK, search)).toMatchObject({ page: 1, limit: 10 });
  });

  it("shows an employer their companies' payments only; the other tenant none of Demo Oy's", async () => {
    const word = tag();
    const demo = await made({ description: word });
    const toinen = await made({ description: word, beneficiaryEmployeeId: toinenEmploymentId });
    expect(ids(await list(HELPDESK, { searchTerm: word })).sort()).toEqual([demo.id, toinen.id].sort());
    expect(ids(await list(SUPER_ADMIN, { searchTerm: word })).sort()).toEqual([demo.id, toinen.id].sort());
    for (const who of [EMPLOYER, GROUP_ADMIN, REPORTING])
      expect(ids(await list(who, { searchTerm: word }))).toEqual([demo.id]);
    expect(ids(await list(OTHER_TENANT, { searchTerm: word }))).toEqual([toinen.id]);
  });

  it("refuses bad filters with 400: impossible dates, a from after its to, sizes, flags and control characters", async () => {
    for (const query of [
      "createdFrom=2026-02-30",
      "sentTo=15.3.2026",
      "paidFrom=2026-13-01",
      "createdFrom=2026-03-02&createdTo=2026-03-01",
      "sentFrom=2026-03-02&sentTo=2026-03-01",
      "paidFrom=2026-03-02&paidTo=2026-03-01",
      "pageSize=101",
      "pageSize=0",
      "page=0",
      "page=abc",
      "isUserPaymentDone=yes",
      "isUserPaymentDone=1",
      `searchTerm=${encodeURIComponent("a\u0000b")}`,
      `searchTerm=${"x".repeat(101)}`,
    ])
      expectError(await call("GET", `${LIST}?${query}`, HELPDESK), 400);
  });

  it("is the helpdesk's and the employer's with user-payments.read: 403 to the editor and the employee, 401 without a session", async () => {
    expectError(await call("GET", LIST, EDITOR), 403, "FORBIDDEN");
    expectError(await call("GET", LIST, EMPLOYEE), 403, "FORBIDDEN");
    expectError(await call("GET", LIST, null), 401, "UNAUTHORIZED");
  });

  it("names its docs/product.md 'Errors' failure text in the contract", () => {
    expect(USER_PAYMENTS_FETCH_ERROR).toBe("Error fetching user payments");
  });
});

describe("GET /api/user-payment/{id}", () => {
  it("answers the payment with its events; the names of who did what for the admin tier only", async () => {
    const payment = await made({ send: true });
    const helpdeskId = await userIdByEmail(t.database.db, HELPDESK);
    await write(t.database.db, { actor: { userId: helpdeskId } }, (ctx) =>
      cancelUserPayment(ctx, payment.id, "Väärä henkilö"),
    );
    const res = await call("GET", `/api/user-payment/${payment.id}`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    const details = zUserPaymentDetails.parse(res.json());
    expect(details).toMatchObject({ id: payment.id, paymentStatus: "CANCELLED", bankTransfer: null });
    // Made and sent in one go, the first two share their time (their order between them is open).
    expect(
      details.events
        .slice(0, 2)
        .map((e) => e.type)
        .sort(),
    ).toEqual(["USER_PAYMENT_CREATED", "USER_PAYMENT_SENT"]);
    expect(details.events.map((e) => e.type)[2]).toBe("USER_PAYMENT_CANCELLED");
    expect(details.events).toHaveLength(3);
    const cancelled = details.events[2];
    expect(cancelled).toMatchObject({ reason: "Väärä henkilö" });
    expect(cancelled?.actorName).toBeTruthy();

    for (const who of [EMPLOYER, REPORTING, EMPLOYEE]) {
      const seen = zUserPaymentDetails.parse(
        (await call("GET", `/api/user-payment/${payment.id}`, who)).json(),
      );
      expect(seen.events.every((e) => e.actorName === null)).toBe(true);
    }
  });

  it("is 404 to another tenant, to another employee and for no such payment; 400 for a bad id; 403 to the editor", async () => {
    const payment = await made();
    const colleague = await made({ beneficiaryEmployeeId: colleagueEmploymentId });
    expectError(await call("GET", `/api/user-payment/${payment.id}`, OTHER_TENANT), 404, "NOT_FOUND");
    expectError(await call("GET", `/api/user-payment/${colleague.id}`, EMPLOYEE), 404, "NOT_FOUND");
    expectError(await call("GET", `/api/user-payment/${MISSING}`, HELPDESK), 404, "NOT_FOUND");
    expectError(await call("GET", "/api/user-payment/not-a-uuid", HELPDESK), 400);
    expectError(await call("GET", `/api/user-payment/${payment.id}`, EDITOR), 403, "FORBIDDEN");
    expectError(await call("GET", `/api/user-payment/${payment.id}`, null), 401, "UNAUTHORIZED");
  });
});

const createBody = (description: string, overrides: Record<string, unknown> = {}) => ({
  beneficiaryEmployeeId: employmentId,
  kind: "OTHER",
  description,
  amountCents: 15_000,
  paymentMethod: "BATCH",
  dueDate: "2026-04-30",
  send: true,
  ...overrides,
});

async function storedWith(description: string) {
  return t.database.db.select().from(userPayments).where(eq(userPayments.description, description));
}

async function invoiceMailsTo(email: string, description: string) {
  const mails = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.template, "user-payment-invoice")))
    .orderBy(desc(outbox.createdAt));
  return mails.filter((m) => m.subject?.includes(description));
}

describe("POST /api/user-payment", () => {
  it("makes a payment by hand, sent at once: the employee gets the invoice by mail", async () => {
    const description = `Kadonnut avain ${tag()}`;
    const res = await call("POST", "/api/user-payment", HELPDESK, createBody(` ${description} `));
    expect(res.statusCode, res.body).toBe(201);
    const payment = zUserPayment.parse(res.json());
    expect(payment).toMatchObject({
      kind: "OTHER",
      description,
      amountCents: 15_000,
      paymentMethod: "BATCH",
      paymentStatus: "PENDING",
      dueDate: "2026-04-30",
      employee: { beneficiaryEmployeeId: employmentId },
    });
    expect(payment.sentAt).not.toBeNull();
    expect(payment.bankTransfer?.virtualBarcode).toMatch(/^4\d{53}$/);
    const [mail] = await invoiceMailsTo(employeeEmail, description);
    expect(mail?.bodyText).toContain(payment.bankTransfer?.referenceNumber as string);
    // Queued with the payment for the employee's account, naming the payment only.
    const [queued] = await outboxRowsOf(t.database, "USER_PAYMENT_INVOICE", { paymentId: payment.id });
    expect(queued).toMatchObject({
      userId: await userIdByEmail(t.database.db, EMPLOYEE),
      channel: "EMAIL",
      recipient: employeeEmail,
      language: "fi",
    });
    expect(queued?.params).toEqual({ paymentId: payment.id });
    const events = await t.database.db
      .select({ type: eventLog.type, actorUserId: eventLog.actorUserId })
      .from(eventLog)
      .where(and(eq(eventLog.entityType, "userPayment"), eq(eventLog.entityId, payment.id)));
    const helpdeskId = await userIdByEmail(t.database.db, HELPDESK);
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.actorUserId === helpdeskId)).toBe(true);
  });

  it("mails nothing for a payroll deduction or a payment not sent yet", async () => {
    const payroll = `Palkasta vähennettävä ${tag()}`;
    const later = `Muu ${tag()}`;
    const first = await call(
      "POST",
      "/api/user-payment",
      HELPDESK,
      createBody(payroll, { paymentMethod: "PAYROLL", dueDate: "2026-05-01" }),
    );
    expect(first.statusCode, first.body).toBe(201);
    const second = await call(
      "POST",
      "/api/user-payment",
      HELPDESK,
      createBody(later, { kind: "OTHER", send: false }),
    );
    expect(zUserPayment.parse(second.json()).sentAt).toBeNull();
    expect(await invoiceMailsTo(employeeEmail, payroll)).toEqual([]);
    expect(await invoiceMailsTo(employeeEmail, later)).toEqual([]);
  });

  it("refuses a payroll deduction where the company's payroll takes no part (409), and stores nothing", async () => {
    const db = t.database.db;
    const description = `Palkasta ${tag()}`;
    const [company] = await db
      .select({ paymentMode: companies.paymentMode })
      .from(companies)
      .where(eq(companies.id, toinenOyId));
    await db.update(companies).set({ paymentMode: "BATCH" }).where(eq(companies.id, toinenOyId));
    try {
      expectError(
        await call(
          "POST",
          "/api/user-payment",
          HELPDESK,
          createBody(description, { beneficiaryEmployeeId: toinenEmploymentId, paymentMethod: "PAYROLL" }),
        ),
        409,
        "PAYMENT_METHOD_NOT_ALLOWED",
      );
      const invoice = await call(
        "POST",
        "/api/user-payment",
        HELPDESK,
        createBody(`${description} laskulla`, { beneficiaryEmployeeId: toinenEmploymentId }),
      );
      expect(invoice.statusCode, invoice.body).toBe(201);
    } finally {
      await db
        .update(companies)
        .set({ paymentMode: company?.paymentMode ?? "PAYROLL" })
        .where(eq(companies.id, toinenOyId));
    }
    expect(await storedWith(description)).toEqual([]);
  });

  it("makes no fee by hand: a return fee, deductible or redemption comes only with its case (400), nothing stored", async () => {
    for (const kind of ["RETURN_FEE", "DEDUCTIBLE", "REDEMPTION"]) {
      const description = `Käsin tehty ${kind} ${tag()}`;
      expectError(
        await call("POST", "/api/user-payment", HELPDESK, createBody(description, { kind })),
        400,
        "VALIDATION_ERROR",
      );
      expect(await storedWith(description)).toEqual([]);
    }
  });

  it("refuses bad input with 400 and stores nothing", async () => {
    const description = `Virhe ${tag()}`;
    const bad: Record<string, unknown>[] = [
      { amountCents: 0 },
      { amountCents: -100 },
      { amountCents: 10_000_001 },
      { amountCents: 12.5 },
      { amountCents: "150" },
      { kind: "OWN_SHARE" },
      { kind: "REDEMPTION" },
      { kind: "RETURN_FEE" },
      { kind: "DEDUCTIBLE" },
      { paymentMethod: "CARD" },
      { dueDate: "2026-02-30" },
      { dueDate: "30.4.2026" },
      { send: "yes" },
      { description: "" },
      { description: "rivi\nrivi" },
      { description: "x".repeat(201) },
      { beneficiaryEmployeeId: "not-a-uuid" },
    ];
    for (const change of bad)
      expectError(await call("POST", "/api/user-payment", HELPDESK, createBody(description, change)), 400);
    const error = expectError(
      await call(
        "POST",
        "/api/user-payment",
        HELPDESK,
        createBody(description, { beneficiaryEmployeeId: MISSING }),
      ),
      400,
    );
    expect(error.details?.[0]?.field).toBe("body.beneficiaryEmployeeId");
    expect(await storedWith(description)).toEqual([]);
  });

  it("is the helpdesk's: 403 to the employer's roles and the employee, 401 without a session", async () => {
    const description = `Ei sallittu ${tag()}`;
    for (const who of [EMPLOYER, REPORTING, EMPLOYEE, OTHER_TENANT])
      expectError(await call("POST", "/api/user-payment", who, createBody(description)), 403, "FORBIDDEN");
    expectError(await call("POST", "/api/user-payment", null, createBody(description)), 401);
    expect(await storedWith(description)).toEqual([]);
  });
});

describe("POST /api/user-payment/{id}/sent, /paid and /cancel", () => {
  it("sends a BATCH payment and mails its invoice once; sending again changes nothing", async () => {
    const description = `Lähetettävä ${tag()}`;
    const payment = await made({ description });
    const res = await call("POST", `/api/user-payment/${payment.id}/sent`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    const sent = zUserPayment.parse(res.json());
    expect(sent.sentAt).not.toBeNull();
    const again = zUserPayment.parse(
      (await call("POST", `/api/user-payment/${payment.id}/sent`, HELPDESK)).json(),
    );
    expect(again.sentAt).toBe(sent.sentAt);
    expect(await invoiceMailsTo(employeeEmail, description)).toHaveLength(1);
  });

  it("marks a payment paid: PAID, done, no transfer left to make; a second time is 409", async () => {
    const payment = await made({ send: true });
    const res = await call("POST", `/api/user-payment/${payment.id}/paid`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    expect(zUserPayment.parse(res.json())).toMatchObject({
      paymentStatus: "PAID",
      isUserPaymentDone: true,
      bankTransfer: null,
    });
    expectError(
      await call("POST", `/api/user-payment/${payment.id}/paid`, HELPDESK),
      409,
      "USER_PAYMENT_ALREADY_PAID",
    );
    expectError(
      await call("POST", `/api/user-payment/${payment.id}/sent`, HELPDESK),
      409,
      "USER_PAYMENT_ALREADY_PAID",
    );
    expectError(
      await call("POST", `/api/user-payment/${payment.id}/cancel`, HELPDESK, { reason: "Myöhässä" }),
      409,
      "USER_PAYMENT_ALREADY_PAID",
    );
  });

  it("cancels an open payment with a reason; a cancelled one answers 409 to every change", async () => {
    const payment = await made({ send: true });
    const res = await call("POST", `/api/user-payment/${payment.id}/cancel`, HELPDESK, {
      reason: " Tilaus peruttiin ",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(zUserPayment.parse(res.json())).toMatchObject({ paymentStatus: "CANCELLED", bankTransfer: null });
    const details = zUserPaymentDetails.parse(
      (await call("GET", `/api/user-payment/${payment.id}`, HELPDESK)).json(),
    );
    expect(details.events.at(-1)).toMatchObject({
      type: "USER_PAYMENT_CANCELLED",
      reason: "Tilaus peruttiin",
    });
    for (const action of ["sent", "paid"])
      expectError(
        await call("POST", `/api/user-payment/${payment.id}/${action}`, HELPDESK),
        409,
        "USER_PAYMENT_CANCELLED",
      );
    expectError(
      await call("POST", `/api/user-payment/${payment.id}/cancel`, HELPDESK, { reason: "Taas" }),
      409,
      "USER_PAYMENT_CANCELLED",
    );
  });

  it("refuses a cancellation without a reason, and bad ids, with 400", async () => {
    const payment = await made();
    for (const body of [
      {},
      { reason: "" },
      { reason: "   " },
      { reason: "a\u0007b" },
      { reason: "x".repeat(501) },
    ])
      expectError(await call("POST", `/api/user-payment/${payment.id}/cancel`, HELPDESK, body), 400);
    for (const action of ["sent", "paid"])
      expectError(await call("POST", `/api/user-payment/not-a-uuid/${action}`, HELPDESK), 400);
    const [row] = await t.database.db.select().from(userPayments).where(eq(userPayments.id, payment.id));
    expect(row).toMatchObject({ paymentStatus: "PENDING", sentAt: null });
  });

  it("is 404 for no such payment, 403 to everyone but the helpdesk, 401 without a session", async () => {
    const payment = await made();
    for (const action of ["sent", "paid"]) {
      expectError(await call("POST", `/api/user-payment/${MISSING}/${action}`, HELPDESK), 404, "NOT_FOUND");
      for (const who of [EMPLOYER, REPORTING, EMPLOYEE, OTHER_TENANT])
        expectError(await call("POST", `/api/user-payment/${payment.id}/${action}`, who), 403, "FORBIDDEN");
      expectError(await call("POST", `/api/user-payment/${payment.id}/${action}`, null), 401);
    }
    expectError(await call("POST", `/api/user-payment/${MISSING}/cancel`, HELPDESK, { reason: "x" }), 404);
    expectError(await call("POST", `/api/user-payment/${payment.id}/cancel`, EMPLOYEE, { reason: "x" }), 403);
    expectError(await call("POST", `/api/user-payment/${payment.id}/cancel`, null, { reason: "x" }), 401);
    const [row] = await t.database.db.select().from(userPayments).where(eq(userPayments.id, payment.id));
    expect(row).toMatchObject({ paymentStatus: "PENDING", sentAt: null });
  });
});
