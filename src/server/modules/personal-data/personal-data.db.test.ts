import { createHash } from "node:crypto";
import { and, eq, inArray, isNotNull, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loginAs, type Session } from "../../../../tests/helpers/auth.ts";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zipEntries } from "../../../../tests/helpers/zip-entries.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import { PERSONAL_DATA_SECTIONS, zPersonalDataExport } from "../../../contract/personal-data.ts";
import {
  beneficiaryEmployees,
  contactForms,
  eventLog,
  files,
  notifications,
  orders,
  signedDocuments,
  systemUsers,
  userPayments,
  users,
} from "../../db/schema/index.ts";

const t = setupTestApp({}, { demoData: true });
const db = () => t.database.db;

const URL = "/api/account/personal-data";
const EMPLOYEE = "employee@demo.test";

/** Another employee of Demo Oy, with an order and an agreement of their own. */
const COLLEAGUE = "aino.koivisto@demo.test";

const sessions = {} as Record<"employee" | "colleague" | "admin", Session>;
const ids = {} as Record<"employee" | "colleague" | "admin", string>;
/** The stored PDF of the employee's signed agreement. */
let agreementFileId: string;

const download = (session: Session | null, query = "") =>
  t.app.inject({ method: "GET", url: `${URL}${query}`, ...(session ? { headers: session.headers() } : {}) });

/** Every other person's login e-mail and last name, as the users table holds them. */
async function othersOf(userId: string) {
  const [own] = await db().select().from(systemUsers).where(eq(systemUsers.userId, userId));
  const rows = await db()
    .select({ id: users.id, email: users.email, lastName: systemUsers.lastName })
    .from(users)
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(ne(users.id, userId));
  return {
    ids: rows.map((row) => row.id),
    emails: rows.map((row) => row.email.toLowerCase()),
    // A last name the person shares is theirs too; a short one would match inside other words.
    lastNames: [...new Set(rows.map((row) => row.lastName))].filter(
      (name): name is string => !!name && name !== own?.lastName && name.length >= 4,
    ),
  };
}

function expectNobodyElse(body: string, others: { ids: string[]; emails: string[]; lastNames: string[] }) {
  const lower = body.toLowerCase();
  expect(others.ids.filter((id) => lower.includes(id))).toEqual([]);
  expect(others.emails.filter((email) => lower.includes(email))).toEqual([]);
  expect(others.lastNames.filter((name) => new RegExp(`\\b${name}\\b`, "u").test(body))).toEqual([]);
}

beforeAll(async () => {
  ids.employee = await userIdByEmail(db(), EMPLOYEE);
  // A demo employee whose signed agreement's PDF is stored: the README's employee has two.
  const [row] = await db()
    .select({ fileId: signedDocuments.fileId })
    .from(signedDocuments)
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, signedDocuments.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(and(isNotNull(signedDocuments.fileId), eq(users.email, EMPLOYEE)))
    .limit(1);
  if (!row?.fileId) throw new Error("the demo has no signed agreement with its PDF");
  agreementFileId = row.fileId;
  ids.colleague = await userIdByEmail(db(), COLLEAGUE);
  ids.admin = await userIdByEmail(db(), "admin@pedaali.test");
  sessions.employee = await loginAs(t.app, EMPLOYEE);
  sessions.colleague = await loginAs(t.app, COLLEAGUE);
  sessions.admin = await loginAs(t.app, "admin@pedaali.test");
});

describe("GET /api/account/personal-data", () => {
  it("gives the employee their own data as a JSON download: account, orders, agreements, payments, notifications", async () => {
    // What the demo lacks: a notification in the bell about an order an employer admin approved, and a
    // contact form sent from the employee's address, checked by the helpdesk.
    await db()
      .insert(notifications)
      .values({
        userId: ids.employee,
        type: "ORDER_STATUS_CHANGE",
        title: "Tilauksesi on hyväksytty",
        message: "Työnantajasi hyväksyi tilauksesi.",
        data: { approvedByUserId: ids.admin, approverName: "Pedaali Admin", orderNumber: 10001 },
      });
    await db().insert(contactForms).values({
      name: "Emilia Laine",
      email: "Employee@Demo.test",
      message: "Milloin pyöräni saapuu?",
      checked: true,
      checkedAt: new Date(),
      checkedByUserId: ids.admin,
    });
    const res = await download(sessions.employee);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="pedaali-omat-tiedot-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = zPersonalDataExport.parse(res.json());
    expect(Object.keys(data)).toEqual(expect.arrayContaining([...PERSONAL_DATA_SECTIONS]));
    expect(data.person).toEqual({ id: ids.employee, email: EMPLOYEE });
    expect(data.account).toEqual([expect.objectContaining({ id: ids.employee, email: EMPLOYEE })]);
    expect(data.profile[0]).toMatchObject({ userId: ids.employee });

    const employments = await db()
      .select({ id: beneficiaryEmployees.id })
      .from(beneficiaryEmployees)
      .where(eq(beneficiaryEmployees.userId, ids.employee));
    const employmentIds = employments.map((row) => row.id);
    const ownOrders = await db().select({ id: orders.id }).from(orders);
    const orderIds = new Set(
      (await db().select({ id: orders.id, employee: orders.beneficiaryEmployeeId }).from(orders))
        .filter((row) => employmentIds.includes(row.employee))
        .map((row) => row.id),
    );
    expect(ownOrders.length).toBeGreaterThan(orderIds.size);
    expect(orderIds.size).toBeGreaterThan(0);
    expect(new Set(data.orders.map((order) => order.id))).toEqual(orderIds);
    expect(data.orderItems.length).toBeGreaterThan(0);
    expect(data.orderItems.every((item) => orderIds.has(item.orderId as string))).toBe(true);
    expect(data.leasingAgreements.length).toBeGreaterThan(0);
    expect(data.leasingAgreements.every((row) => orderIds.has(row.orderId as string))).toBe(true);

    const payments = await db()
      .select({ id: userPayments.id })
      .from(userPayments)
      .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, userPayments.beneficiaryEmployeeId))
      .where(eq(beneficiaryEmployees.userId, ids.employee));
    expect(payments.length).toBeGreaterThan(0);
    expect(data.userPayments.map((row) => row.id).sort()).toEqual(payments.map((row) => row.id).sort());
    const bell = await db()
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, ids.employee));
    expect(bell).toHaveLength(1);
    expect(data.notifications).toEqual([
      expect.objectContaining({
        title: "Tilauksesi on hyväksytty",
        data: { approvedByUserId: null, approverName: null, orderNumber: 10001 },
      }),
    ]);
    expect(data.contactForms).toEqual([
      expect.objectContaining({ message: "Milloin pyöräni saapuu?", checkedByUserId: null }),
    ]);
    // Their own sign-in of this test is among the sessions, without its token.
    expect(data.sessions.length).toBeGreaterThan(0);
    // The event log's rows about their orders, each actor told as a part, never by id.
    const orderEvents = await db()
      .select({ id: eventLog.id })
      .from(eventLog)
      .where(and(eq(eventLog.entityType, "order"), inArray(eventLog.entityId, [...orderIds])));
    expect(orderEvents.length).toBeGreaterThan(0);
    expect(
      data.events
        .filter((event) => event.entityType === "order")
        .map((event) => event.id)
        .sort(),
    ).toEqual(orderEvents.map((event) => event.id).sort());
    expect(data.events.every((event) => ["SELF", "OTHER", "SYSTEM"].includes(event.actor as string))).toBe(
      true,
    );
    expect(data.events.some((event) => "actorUserId" in event)).toBe(false);
  });

  it("names nobody else and gives out no credential", async () => {
    for (const [who, session] of [
      ["employee", sessions.employee],
      ["colleague", sessions.colleague],
      ["admin", sessions.admin],
    ] as const) {
      const res = await download(session);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      const person = zPersonalDataExport.parse(res.json()).person;
      expectNobodyElse(res.body, await othersOf(person.id));
      for (const secret of [
        "passwordHash",
        "tokenHash",
        "idToken",
        "identityCodeHash",
        "secretEncrypted",
        "publicKey",
        "codeHash",
        "$argon2",
      ]) {
        expect(res.body, `${who}'s export shows ${secret}`).not.toContain(secret);
      }
    }
  });

  it("answers a ZIP with tiedot.json, the summary and the signed agreement's PDF", async () => {
    const res = await download(sessions.employee, "?format=zip");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="pedaali-omat-tiedot-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const entries = zipEntries(res.rawPayload);
    const data = zPersonalDataExport.parse(
      JSON.parse(entries.get("tiedot.json")?.toString("utf8") ?? "null"),
    );
    expect(data.person).toEqual({ id: ids.employee, email: EMPLOYEE });
    expect(data.signedDocuments.length).toBeGreaterThan(0);

    const summary = entries.get("yhteenveto.txt")?.toString("utf8") ?? "";
    expect(summary).toContain(EMPLOYEE);

    const [stored] = await db().select().from(files).where(eq(files.id, agreementFileId));
    const listed = data.files.find((file) => file.id === agreementFileId);
    expect(listed?.pathInZip).toMatch(/^sopimukset\/.+\.pdf$/);
    const pdf = entries.get(listed?.pathInZip as string);
    expect(pdf?.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(
      createHash("sha256")
        .update(pdf as Buffer)
        .digest("hex"),
    ).toBe(stored?.sha256);
    expect(summary).toContain("Tilaukset: 2");
    expectNobodyElse(entries.get("tiedot.json")?.toString("utf8") ?? "", await othersOf(ids.employee));
  });

  it("refuses an unknown format (400), anyone not signed in (401) and a deactivated user (403)", async () => {
    const bad = await download(sessions.employee, "?format=xml");
    expect(bad.statusCode).toBe(400);
    expect(zErrorResponse.parse(bad.json()).code).toBe("VALIDATION_ERROR");

    const anonymous = await download(null);
    expect(anonymous.statusCode).toBe(401);
    expect(zErrorResponse.parse(anonymous.json()).code).toBe("UNAUTHORIZED");

    const leaver = "olli.karjalainen@demo.test";
    const session = await loginAs(t.app, leaver);
    await db()
      .update(users)
      .set({ deactivated: true, deactivatedAt: new Date() })
      .where(eq(users.email, leaver));
    const res = await download(session);
    expect(res.statusCode).toBe(403);
    expect(zErrorResponse.parse(res.json()).code).toBe("USER_DEACTIVATED");
  });
});
