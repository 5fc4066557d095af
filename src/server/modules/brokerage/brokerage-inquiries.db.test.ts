import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { loginAs } from "../../../../tests/helpers/auth.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { outboxRowsOf } from "../../../../tests/helpers/outbox.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { testFileStore } from "../../../../tests/helpers/test-db.ts";
import { BIKE_BROKERAGE_INQUIRY_RECEIVED, zListedBikePage } from "../../../contract/bike-brokerage.ts";
import type { SimpleState } from "../../../domain/enums.ts";
import { buildApp } from "../../app.ts";
import { testConfig } from "../../config.ts";
import {
  bikeBrokerageInquiries,
  bikeBrokerages,
  eventLog,
  orders,
  outbox,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo-data.ts";
import { CONTACT_EMAIL } from "../../messaging/layout.ts";
import type { Messaging } from "../../messaging/types.ts";
import { hashPassword } from "../auth/passwords.ts";

/**
 * /bikeBrokerageService's calls (docs/api-surface.md "Bike brokerage"): every logged-in user sees the listed
 * bikes, with nothing about whose they were, and asks to buy one; customer service is mailed. Each test makes its
 * own bikes under a model name no other test uses; the rate limit's test has a user of its own.
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYER = "employer.admin@demo.test";
const EMPLOYEE = "employee@demo.test";
const EDITOR = "employer.editor@demo.test";
const OTHER_TENANT = "employer.admin@toinen.test";
const MISSING = "00000000-0000-4000-8000-00000000dead";

const PUBLIC_KEYS = [
  "askingPriceCents",
  "bikeBrokerageId",
  "brand",
  "city",
  "description",
  "frameSize",
  "listedAt",
  "model",
  "modelYear",
].sort();

let demoOyId: string;

beforeAll(async () => {
  demoOyId = await companyIdByName(t.database.db, "Demo Oy");
});

let counter = 0;
const unique = (label: string) => `${label}${++counter}x${randomUUID().slice(0, 6)}`;

type BikeOptions = {
  model?: string;
  status?: SimpleState;
  listed?: boolean;
  listedAt?: Date;
  frameSize?: string;
};

/** A bike of a Demo Oy order, as the helpdesk keeps it: with the company, the order and a note. */
async function bike({
  model = unique("Vado"),
  status = "PENDING",
  listed = true,
  listedAt,
  frameSize = "M",
}: BikeOptions = {}) {
  const db = t.database.db;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.companyId, demoOyId))
    .limit(1);
  const [row] = await db
    .insert(bikeBrokerages)
    .values({
      companyId: demoOyId,
      orderId: order?.id ?? null,
      contactName: "Pedaali asiakaspalvelu",
      contactEmail: CONTACT_EMAIL,
      brand: "Specialized",
      model,
      modelYear: 2023,
      frameSize,
      description: "Akku 500 Wh, ajettu 2 400 km.",
      askingPriceCents: 210_000,
      city: "Helsinki",
      adminNote: "Entinen käyttäjä: Demo Oy",
      status,
      listedAt: listed ? (listedAt ?? new Date()) : null,
    })
    .returning({ id: bikeBrokerages.id });
  return { id: row?.id as string, model };
}

const ask = (bikeId: string, who: string | null, body: object = inquiryBody()) =>
  call("POST", `/api/bike-brokerage/${bikeId}/inquiries`, who, body);

const inquiryBody = (message = "Onko pyörä vielä myynnissä? Voisin tulla katsomaan.") => ({
  name: "Maija Meikäläinen",
  email: " Maija.Meikalainen@Demo.test ",
  phoneNumber: "040 123 4567",
  message,
});

const inquiriesOf = (bikeId: string) =>
  t.database.db
    .select()
    .from(bikeBrokerageInquiries)
    .where(eq(bikeBrokerageInquiries.bikeBrokerageId, bikeId));

async function listed(query: string, who = EMPLOYEE) {
  const res = await call("GET", `/api/bike-brokerage/listed?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return { raw: res.json() as { items: object[] }, page: zListedBikePage.parse(res.json()) };
}

describe("GET /api/bike-brokerage/listed", () => {
  it("shows only bikes for sale and listed, newest listed first, with the describing fields only", async () => {
    const model = unique("Turbo Vado");
    const older = await bike({ model, listedAt: new Date(Date.now() - 86_400_000) });
    const newer = await bike({ model });
    await bike({ model, listed: false });
    await bike({ model, status: "COMPLETED" });
    await bike({ model, status: "CANCELLED" });
    const { raw, page } = await listed(`search=${encodeURIComponent(model)}`);
    expect(page).toMatchObject({ page: 1, limit: 12, total: 2 });
    expect(page.items.map((b) => b.bikeBrokerageId)).toEqual([newer.id, older.id]);
    for (const item of raw.items) expect(Object.keys(item).sort()).toEqual(PUBLIC_KEYS);
    expect(page.items[0]).toMatchObject({
      brand: "Specialized",
      model,
      modelYear: 2023,
      frameSize: "M",
      askingPriceCents: 210_000,
      city: "Helsinki",
      description: "Akku 500 Wh, ajettu 2 400 km.",
    });
    // Nothing of the company, the order or the helpdesk's note anywhere in the answer.
    const text = JSON.stringify(raw);
    for (const secret of ["Demo Oy", demoOyId, "orderId", "adminNote", "contactEmail", "companyId"])
      expect(text).not.toContain(secret);
  });

  it("filters by frame size in any case, finds by city, and pages", async () => {
    const model = unique("Explore");
    const large = await bike({ model, frameSize: "L" });
    await bike({ model, frameSize: "M" });
    await bike({ model, frameSize: "54 cm" });
    const { page } = await listed(`search=${encodeURIComponent(model)}&frameSize=l`);
    expect(page.items.map((b) => b.bikeBrokerageId)).toEqual([large.id]);
    const second = await listed(`search=${encodeURIComponent(model)}&limit=2&page=2`);
    expect(second.page).toMatchObject({ total: 3, totalPages: 2, hasPrevious: true });
    expect(second.page.items).toHaveLength(1);
    const byCity = await listed("search=helsinki&limit=48");
    expect(byCity.page.items.length).toBeGreaterThan(0);
  });

  it("is every logged-in user's, and refuses a bad query as 400", async () => {
    for (const who of [HELPDESK, EMPLOYER, EDITOR, "reporting@demo.test", EMPLOYEE, OTHER_TENANT])
      expect((await call("GET", "/api/bike-brokerage/listed", who)).statusCode).toBe(200);
    expectError(await call("GET", "/api/bike-brokerage/listed", null), 401);
    for (const query of ["limit=49", "page=-1", "frameSize=a%01", `search=${"x".repeat(101)}`])
      expectError(await call("GET", `/api/bike-brokerage/listed?${query}`, EMPLOYEE), 400);
  });
});

describe("POST /api/bike-brokerage/{id}/inquiries", () => {
  it("stores the inquiry as the asker's, writes the event and mails customer service", async () => {
    const { id, model } = await bike();
    const res = await ask(id, EMPLOYEE);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: BIKE_BROKERAGE_INQUIRY_RECEIVED });
    const [stored] = await inquiriesOf(id);
    expect(stored).toMatchObject({
      userId: await userIdByEmail(t.database.db, EMPLOYEE),
      name: "Maija Meikäläinen",
      email: "maija.meikalainen@demo.test",
      phoneNumber: "0401234567",
      handledAt: null,
    });
    const [event] = await t.database.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.entityId, id), eq(eventLog.type, "BIKE_BROKERAGE_INQUIRY_RECEIVED")));
    expect(event?.data).toEqual({ inquiryId: stored?.id });
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, CONTACT_EMAIL))
      .orderBy(desc(outbox.createdAt))
      .limit(20)
      .then((rows) => rows.filter((row) => row.subject?.includes(model)));
    expect(mail?.bodyText).toContain("maija.meikalainen@demo.test");
    expect(mail?.bodyText).toContain(`/admin/hakemukset/valitys/${id}`);
    // Queued with the inquiry, in Finnish to customer service (no account), naming the inquiry only:
    // the asker's details stay in the inquiry and are read as the mail leaves.
    const [queued] = await outboxRowsOf(t.database, "BROKERAGE_INQUIRY", { inquiryId: stored?.id as string });
    expect(queued).toMatchObject({
      userId: null,
      channel: "EMAIL",
      recipient: CONTACT_EMAIL,
      language: "fi",
    });
    expect(queued?.params).toEqual({ inquiryId: stored?.id });
  });

  it("is taken though the mail provider refuses: the mail waits in the outbox for its retry", async () => {
    const refusing: Messaging = {
      sendMail: async () => {
        throw new Error("Mail could not be sent (Error ECONNREFUSED)");
      },
      sendSms: async () => {},
    };
    // A second app on the same database, its provider down; the newest app sends what a commit queued.
    const down = await buildApp(testConfig(), {
      database: t.database,
      files: testFileStore(),
      messaging: refusing,
    });
    try {
      const { id } = await bike();
      const res = await down.inject({
        method: "POST",
        url: `/api/bike-brokerage/${id}/inquiries`,
        headers: (await loginAs(down, EMPLOYEE)).headers(),
        payload: inquiryBody(),
      });
      expect(res.statusCode, res.body).toBe(201);
      const [stored] = await inquiriesOf(id);
      const [queued] = await outboxRowsOf(t.database, "BROKERAGE_INQUIRY", {
        inquiryId: stored?.id as string,
      });
      expect(queued).toMatchObject({
        status: "QUEUED",
        attempts: 1,
        lastAnswer: "Mail could not be sent (Error ECONNREFUSED)",
      });
      expect(queued?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await down.close();
    }
  });

  it("takes an inquiry without a phone number", async () => {
    const { id } = await bike();
    const res = await ask(id, EDITOR, { ...inquiryBody(), phoneNumber: "" });
    expect(res.statusCode, res.body).toBe(201);
    expect((await inquiriesOf(id))[0]?.phoneNumber).toBeNull();
  });

  it("refuses bad input as 400 and stores nothing", async () => {
    const { id } = await bike();
    for (const bad of [
      { ...inquiryBody(), name: "" },
      { ...inquiryBody(), email: "maija(at)demo.test" },
      { ...inquiryBody(), message: "   " },
      { ...inquiryBody(), message: "x".repeat(2001) },
      { ...inquiryBody(), message: "Hei\u0000" },
      { ...inquiryBody(), name: "Maija\nMeikäläinen" },
      { name: "Maija", email: "maija@demo.test" },
    ]) {
      expectError(await ask(id, EMPLOYEE, bad), 400);
    }
    expectError(
      await ask(id, EMPLOYEE, { ...inquiryBody(), phoneNumber: "12" }),
      400,
      "UNSUPPORTED_PHONE_NUMBER",
    );
    expectError(await ask("not-an-id", EMPLOYEE), 400);
    expect(await inquiriesOf(id)).toEqual([]);
  });

  it("hides a bike not listed from users (404) and tells the helpdesk it is not for sale (409)", async () => {
    const { id } = await bike({ listed: false });
    for (const who of [EMPLOYEE, EMPLOYER, OTHER_TENANT]) expectError(await ask(id, who), 404, "NOT_FOUND");
    expectError(await ask(id, HELPDESK), 409, "BROKERAGE_NOT_AVAILABLE");
    expectError(await ask(MISSING, EMPLOYEE), 404, "NOT_FOUND");
    expect(await inquiriesOf(id)).toEqual([]);
  });

  it("refuses a bike sold or withdrawn as BROKERAGE_NOT_AVAILABLE", async () => {
    for (const status of ["COMPLETED", "CANCELLED"] as const) {
      const { id } = await bike({ status });
      expectError(await ask(id, OTHER_TENANT), 409, "BROKERAGE_NOT_AVAILABLE");
      expect(await inquiriesOf(id)).toEqual([]);
    }
  });

  it("takes one open inquiry per user and bike: a second is 409 and changes nothing", async () => {
    const { id } = await bike();
    expect((await ask(id, OTHER_TENANT)).statusCode).toBe(201);
    expectError(await ask(id, OTHER_TENANT, inquiryBody("Toinen viesti")), 409, "CONFLICT");
    const stored = await inquiriesOf(id);
    expect(stored.map((i) => i.message)).toEqual(["Onko pyörä vielä myynnissä? Voisin tulla katsomaan."]);
    // Once the helpdesk has answered, the same user may ask again.
    await call("PUT", `/api/bike-brokerage/inquiries/${stored[0]?.id}`, HELPDESK, { handled: true });
    expect((await ask(id, OTHER_TENANT, inquiryBody("Vielä yksi kysymys"))).statusCode).toBe(201);
  });

  it("is every logged-in user's", async () => {
    const { id } = await bike();
    expectError(await ask(id, null), 401);
    expect(await inquiriesOf(id)).toEqual([]);
  });

  it("takes at most 10 inquiries an hour from one user (429)", async () => {
    const db = t.database.db;
    const email = `valitys.${randomUUID().slice(0, 8)}@demo.test`;
    const [user] = await db
      .insert(users)
      .values({ email, passwordHash: await hashPassword(DEMO_PASSWORD), language: "fi" })
      .returning({ id: users.id });
    const userId = user?.id as string;
    await db
      .insert(systemUsers)
      .values({ userId, firstName: "Ville", lastName: "Välittäjä", companyId: demoOyId });
    const [role] = await db.select().from(roles).where(eq(roles.name, "BIKE_BENEFICIARY"));
    await db.insert(userRoles).values({ userId, roleId: role?.id as string, companyId: demoOyId });
    const session = await loginAs(t.app, email);
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) {
      const { id } = await bike();
      const res = await t.app.inject({
        method: "POST",
        url: `/api/bike-brokerage/${id}/inquiries`,
        headers: session.headers(),
        payload: inquiryBody(),
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expectError(res, 429, "TOO_MANY_REQUESTS");
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    // Another user is not held back by it.
    const { id } = await bike();
    expect((await ask(id, EMPLOYER)).statusCode).toBe(201);
  });
});
