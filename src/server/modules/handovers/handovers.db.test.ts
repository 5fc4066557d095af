import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { bikeStoreIdByName, companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { pdfTextOf } from "../../../../tests/helpers/pdf-text.ts";
import { SAMPLE_PNG } from "../../../../tests/helpers/sample-files.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zOrderHandover, zStoreHandover } from "../../../contract/handovers.ts";
import { zStoreOrder, zStoreOrderPage } from "../../../contract/store-accounts.ts";
import { zWhatsNew } from "../../../contract/whats-new.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { DeliveryMethod, OrderStatus } from "../../../domain/enums.ts";
import { leaseStartDate } from "../../../domain/lease-dates.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  eventLog,
  files,
  handovers,
  messageOutbox,
  notifications,
  orderItems,
  orders,
  users,
} from "../../db/schema/index.ts";
import { renderOutboxMessage } from "../../jobs/message-outbox.ts";

/**
 * The handover: the store user adds photos and records the handover with the employee's pickup code;
 * the employee signs on the store's device or on their own phone; the order then has its delivery and
 * READY_FOR_BILLING, the protocol PDF is stored with its hash; a shipped bike takes defect reports for
 * its window. Another store's order is 404, other roles 403.
 */

const t = setupTestApp({}, { demoData: true });
const { call, as } = apiCaller(t);

const STORE_USER = "myyja@vauhti.test";
const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYER_ADMIN = "employer.admin@demo.test";
const EMPLOYEE = "employee@demo.test";

let espoo: string;
let tampere: string;

const storeId = (name: string) => bikeStoreIdByName(t.database.db, name);

/** An order of employee@demo.test at the store, put straight into a status. */
async function orderAt(
  store: string,
  options: { status?: OrderStatus; deliveryMethod?: DeliveryMethod } = {},
): Promise<string> {
  const companyId = await companyIdByName(t.database.db, "Demo Oy");
  const userId = await userIdByEmail(t.database.db, EMPLOYEE);
  const [employment] = await t.database.db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .where(and(eq(beneficiaryEmployees.userId, userId), eq(beneficiaryEmployees.companyId, companyId)));
  const [created] = await t.database.db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employment?.id as string,
      companyId,
      bikeStoreId: store,
      orderStatus: options.status ?? "WAITING_FOR_DELIVERY_DATE",
      deliveryMethod: options.deliveryMethod ?? "PICKUP",
      totalPriceCents: 249_000,
      monthlyPaymentCents: 6_900,
      createdAt: new Date("2026-03-01T10:00:00Z"),
    })
    .returning({ id: orders.id });
  const orderId = created?.id as string;
  await t.database.db.insert(orderItems).values([
    {
      orderId,
      itemType: "BIKE",
      name: "Tunturi eSport 500",
      quantity: 1,
      unitPriceCents: 229_000,
      discountCents: 0,
    },
    {
      orderId,
      itemType: "ACCESSORY",
      name: "Abus-runkolukko",
      quantity: 1,
      unitPriceCents: 8_000,
      discountCents: 0,
    },
    {
      orderId,
      itemType: "ACCESSORY",
      name: "Lokasuojat",
      quantity: 2,
      unitPriceCents: 6_000,
      discountCents: 0,
    },
  ]);
  return orderId;
}

async function pickupCode(orderId: string): Promise<string> {
  const res = await call("GET", `/api/orders/${orderId}/handover`, EMPLOYEE);
  expect(res.statusCode, res.body).toBe(200);
  return zOrderHandover.parse(res.json()).pickupCode as string;
}

async function upload(orderId: string, who: string, content: Buffer, fileName = "runko.png") {
  return t.app.inject({
    method: "POST",
    url: `/api/store/orders/${orderId}/handover/photos?${new URLSearchParams({ fileName })}`,
    headers: { ...(await as(who)).headers(), "content-type": "application/octet-stream" },
    payload: content,
  });
}

const record = (orderId: string, body: object, who = STORE_USER) =>
  call("POST", `/api/store/orders/${orderId}/handover`, who, body);

const HANDED_OVER = {
  frameSerialNumber: "WTU123456789",
  batterySerial: "BOSCH-PT-7781",
  accessories: ["Abus-runkolukko", "2 × Lokasuojat"],
};

async function orderRow(orderId: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

beforeAll(async () => {
  espoo = await storeId("Vauhti Espoo");
  tampere = await storeId("Vauhti Tampere");
});

describe("handing a bike over in person", () => {
  it("checks the employee's code, takes the employee's signature at the counter, and gives the order its delivery", async () => {
    const orderId = await orderAt(espoo);
    const before = zStoreHandover.parse(
      (await call("GET", `/api/store/orders/${orderId}/handover`, STORE_USER)).json(),
    );
    expect(before).toMatchObject({
      kind: "IN_STORE",
      canRecord: true,
      handover: null,
      photos: [],
      packageAccessories: ["Abus-runkolukko", "2 × Lokasuojat"],
    });

    const photo = await upload(orderId, STORE_USER, SAMPLE_PNG);
    expect(photo.statusCode, photo.body).toBe(201);

    const code = await pickupCode(orderId);
    expect(code).toMatch(/^\d{6}$/);
    // The helpdesk and the employer read the handover, but the code is the employee's alone.
    for (const who of [HELPDESK, EMPLOYER_ADMIN]) {
      const res = await call("GET", `/api/orders/${orderId}/handover`, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(zOrderHandover.parse(res.json()).pickupCode).toBeNull();
    }

    const res = await record(orderId, {
      ...HANDED_OVER,
      pickupCode: `${code.slice(0, 3)} ${code.slice(3)}`,
      employeeSignature: { name: "Emilia Esimerkki", received: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const done = zStoreHandover.parse(res.json());
    const today = toHelsinkiDateString(new Date());
    expect(done.canRecord).toBe(false);
    expect(done.handover).toMatchObject({
      status: "COMPLETED",
      frameSerialNumber: "WTU123456789",
      batterySerial: "BOSCH-PT-7781",
      accessories: HANDED_OVER.accessories,
      pickupCodeChecked: true,
      employeeSigningPlace: "STORE_DEVICE",
      employeeSignerName: "Emilia Esimerkki",
      handoverDate: today,
      leaseStartDate: leaseStartDate(today),
      defectWindowEndsOn: null,
    });

    // The order has its delivery from the handover, as a store's delivery gives it.
    expect(await orderRow(orderId)).toMatchObject({
      orderStatus: "READY_FOR_BILLING",
      frameSerialNumber: "WTU123456789",
      deliveryDate: today,
    });

    // The protocol is the stored PDF, its hash the record's; the employee, employer and store read it.
    const [row] = await t.database.db.select().from(handovers).where(eq(handovers.orderId, orderId));
    expect(row?.storeSignerIp).toBeTruthy();
    for (const [who, url] of [
      [EMPLOYEE, `/api/orders/${orderId}/handover/pdf`],
      [EMPLOYER_ADMIN, `/api/orders/${orderId}/handover/pdf`],
      [HELPDESK, `/api/orders/${orderId}/handover/pdf`],
      [STORE_USER, `/api/store/orders/${orderId}/handover/pdf`],
    ] as const) {
      const pdf = await call("GET", url, who);
      expect(pdf.statusCode, `${who} ${pdf.body.slice(0, 200)}`).toBe(200);
      expect(pdf.headers["content-type"]).toContain("application/pdf");
      expect(createHash("sha256").update(pdf.rawPayload).digest("hex")).toBe(done.handover?.documentSha256);
    }
    const pdfText = pdfTextOf(
      (await call("GET", `/api/orders/${orderId}/handover/pdf`, EMPLOYEE)).rawPayload,
    );
    expect(pdfText).toContain("WTU123456789");
    expect(pdfText).toContain("Emilia Esimerkki");
    expect(pdfText).toContain(`SHA-256 ${createHash("sha256").update(SAMPLE_PNG).digest("hex")}`);

    const events = await t.database.db
      .select({ type: eventLog.type })
      .from(eventLog)
      .where(eq(eventLog.entityId, orderId));
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        "HANDOVER_PHOTO_ADDED",
        "HANDOVER_RECORDED",
        "HANDOVER_SIGNED",
        "DELIVERY_DATE_UPDATED",
      ]),
    );

    // Done once: a second record, a photo or a removal is refused.
    expectError(await record(orderId, { ...HANDED_OVER, pickupCode: code }), 409, "HANDOVER_CLOSED");
    expectError(await upload(orderId, STORE_USER, SAMPLE_PNG), 409, "HANDOVER_CLOSED");
  });

  it("writes a Swedish employee's protocol in Swedish, the same bytes as its stored hash", async () => {
    const db = t.database.db;
    await db.update(users).set({ language: "sv" }).where(eq(users.email, EMPLOYEE));
    try {
      const orderId = await orderAt(espoo);
      const res = await record(orderId, { ...HANDED_OVER, pickupCode: await pickupCode(orderId) });
      expect(res.statusCode, res.body).toBe(201);
      const signed = await call("POST", `/api/orders/${orderId}/handover/signature`, EMPLOYEE, {
        received: true,
      });
      expect(signed.statusCode, signed.body).toBe(200);
      const sha = zOrderHandover.parse(signed.json()).handover?.documentSha256;
      const pdf = await call("GET", `/api/orders/${orderId}/handover/pdf`, EMPLOYEE);
      expect(createHash("sha256").update(pdf.rawPayload).digest("hex")).toBe(sha);
      const text = pdfTextOf(pdf.rawPayload);
      expect(text).toContain("Överlämningsprotokoll för förmånscykel");
      expect(text).toContain("Undertecknat på egen enhet, inloggad i Pedaali.");
      expect(text.join("\n")).not.toMatch(/luovutuspöytäkirja|Allekirjoitettu/i);
    } finally {
      await db.update(users).set({ language: "fi" }).where(eq(users.email, EMPLOYEE));
    }
  });

  it("lets the employee sign on their own phone after the store has recorded it", async () => {
    const orderId = await orderAt(espoo);
    const res = await record(orderId, { ...HANDED_OVER, pickupCode: await pickupCode(orderId) });
    expect(res.statusCode, res.body).toBe(201);
    expect(zStoreHandover.parse(res.json()).handover?.status).toBe("AWAITING_EMPLOYEE");
    expect((await orderRow(orderId))?.orderStatus).toBe("WAITING_FOR_DELIVERY_DATE");
    // The store's list no longer asks the store for it: it waits for the employee.
    const waiting = zStoreOrderPage.parse(
      (await call("GET", "/api/store/orders?step=DELIVERY&limit=100", STORE_USER)).json(),
    );
    expect(waiting.items.map((o) => o.orderId)).not.toContain(orderId);
    const listed = zStoreOrder.parse((await call("GET", `/api/store/orders/${orderId}`, STORE_USER)).json());
    expect(listed).toMatchObject({ nextStep: null, deliveryEditable: false });

    const seen = zOrderHandover.parse(
      (await call("GET", `/api/orders/${orderId}/handover`, EMPLOYEE)).json(),
    );
    expect(seen).toMatchObject({ canSign: true, pickupCode: null, photoCount: 0 });
    // Only the employee signs for their bike.
    expectError(
      await call("POST", `/api/orders/${orderId}/handover/signature`, EMPLOYER_ADMIN, { received: true }),
      403,
    );
    expectError(await call("POST", `/api/orders/${orderId}/handover/signature`, EMPLOYEE, {}), 400);

    const signed = await call("POST", `/api/orders/${orderId}/handover/signature`, EMPLOYEE, {
      received: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(zOrderHandover.parse(signed.json())).toMatchObject({
      canSign: false,
      handover: { status: "COMPLETED", employeeSigningPlace: "OWN_DEVICE" },
    });
    expect((await orderRow(orderId))?.orderStatus).toBe("READY_FOR_BILLING");
    expectError(
      await call("POST", `/api/orders/${orderId}/handover/signature`, EMPLOYEE, { received: true }),
      409,
      "HANDOVER_CLOSED",
    );
  });

  it("refuses a wrong or missing pickup code and, after five wrong ones, stops checking for a while", async () => {
    const orderId = await orderAt(espoo);
    expectError(await record(orderId, HANDED_OVER), 400, "VALIDATION_ERROR");
    const code = await pickupCode(orderId);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 1; attempt < 5; attempt += 1) {
      const refused = expectError(
        await record(orderId, { ...HANDED_OVER, pickupCode: wrong }),
        400,
        "PICKUP_CODE_WRONG",
      );
      expect(refused.details?.[0]?.field).toBe("body.pickupCode");
    }
    expectError(await record(orderId, { ...HANDED_OVER, pickupCode: wrong }), 429, "PICKUP_CODE_LOCKED");
    // Even the right code waits now: guessing through the lock gains nothing.
    expectError(await record(orderId, { ...HANDED_OVER, pickupCode: code }), 429, "PICKUP_CODE_LOCKED");
    expect(await t.database.db.$count(handovers, eq(handovers.orderId, orderId))).toBe(0);
  });

  it("keeps photos to images, at most eight, removable until the store signs", async () => {
    const orderId = await orderAt(espoo);
    expectError(await upload(orderId, STORE_USER, Buffer.from("%PDF-1.4\n%\n"), "kuitti.pdf"), 400);
    const ids: string[] = [];
    for (let n = 0; n < 8; n += 1) {
      const res = await upload(orderId, STORE_USER, SAMPLE_PNG, `kuva-${n}.png`);
      expect(res.statusCode, res.body).toBe(201);
      ids.push((res.json() as { id: string }).id);
    }
    expectError(await upload(orderId, STORE_USER, SAMPLE_PNG), 409, "HANDOVER_PHOTO_LIMIT");
    const photo = await call("GET", `/api/store/orders/${orderId}/handover/photos/${ids[0]}`, STORE_USER);
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(SAMPLE_PNG)).toBe(true);

    const filesBefore = await t.database.db.$count(files);
    const removed = await call(
      "DELETE",
      `/api/store/orders/${orderId}/handover/photos/${ids[0]}`,
      STORE_USER,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await t.database.db.$count(files)).toBe(filesBefore - 1);
    expectError(
      await call("DELETE", `/api/store/orders/${orderId}/handover/photos/${ids[0]}`, STORE_USER),
      404,
    );
  });

  it("is closed before the order waits for its delivery", async () => {
    const orderId = await orderAt(espoo, { status: "PROCESSED" });
    const view = zStoreHandover.parse(
      (await call("GET", `/api/store/orders/${orderId}/handover`, STORE_USER)).json(),
    );
    expect(view.canRecord).toBe(false);
    const seen = zOrderHandover.parse(
      (await call("GET", `/api/orders/${orderId}/handover`, EMPLOYEE)).json(),
    );
    expect(seen.pickupCode).toBeNull();
    expectError(await upload(orderId, STORE_USER, SAMPLE_PNG), 409, "HANDOVER_CLOSED");
  });
});

describe("a shipped bike", () => {
  it("needs no code, is signed for on arrival, and takes defect reports for two weeks", async () => {
    const orderId = await orderAt(espoo, { deliveryMethod: "HOME_DELIVERY" });
    const seen = zOrderHandover.parse(
      (await call("GET", `/api/orders/${orderId}/handover`, EMPLOYEE)).json(),
    );
    expect(seen).toMatchObject({ kind: "SHIPPED", pickupCode: null });
    expectError(
      await record(orderId, {
        ...HANDED_OVER,
        employeeSignature: { name: "Emilia Esimerkki", received: true },
      }),
      400,
      "VALIDATION_ERROR",
    );
    expect((await record(orderId, HANDED_OVER)).statusCode).toBe(201);

    // No defect before the bike has arrived and been signed for.
    const defect = { description: "Takavaihtaja on vääntynyt kuljetuksessa." };
    expectError(
      await call("POST", `/api/orders/${orderId}/handover/defects`, EMPLOYEE, defect),
      409,
      "DEFECT_WINDOW_CLOSED",
    );
    const signed = zOrderHandover.parse(
      (await call("POST", `/api/orders/${orderId}/handover/signature`, EMPLOYEE, { received: true })).json(),
    );
    expect(signed.canReportDefect).toBe(true);
    expect(signed.handover?.defectWindowEndsOn).toBeTruthy();

    // Nothing goes to the store users' bell (their role has none): the store gets a mail in its own
    // language, and sees the defect as news in its order list.
    const storeUserId = await userIdByEmail(t.database.db, STORE_USER);
    const bellBefore = await t.database.db.$count(notifications, eq(notifications.userId, storeUserId));
    await t.database.db.update(bikeStores).set({ language: "sv" }).where(eq(bikeStores.id, espoo));
    const reported = await call("POST", `/api/orders/${orderId}/handover/defects`, EMPLOYEE, defect);
    expect(reported.statusCode, reported.body).toBe(201);
    expect(await t.database.db.$count(notifications, eq(notifications.userId, storeUserId))).toBe(bellBefore);
    const [store] = await t.database.db.select().from(bikeStores).where(eq(bikeStores.id, espoo));
    const mails = await t.database.db
      .select()
      .from(messageOutbox)
      .where(
        and(
          eq(messageOutbox.event, "ORDER_HANDOVER_DEFECT"),
          eq(messageOutbox.recipient, store?.email ?? ""),
        ),
      );
    const [orderRow] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const ofThisOrder = mails.filter((m) => m.params.orderNumber === orderRow?.orderNumber);
    expect(ofThisOrder).toHaveLength(1);
    expect(ofThisOrder[0]).toMatchObject({ channel: "EMAIL", language: "sv", userId: null });
    expect(ofThisOrder[0]?.params).toMatchObject({
      description: defect.description,
      storeName: "Vauhti Espoo",
    });
    const rendered = await renderOutboxMessage(ofThisOrder[0] as never, {
      db: t.database.db,
      publicUrl: "https://pedaali.test",
      serverSecret: "s",
    });
    expect(rendered?.kind === "mail" && rendered.mail.subject).toMatch(/^Felanmälan/);
    expect(rendered?.kind === "mail" && rendered.mail.text).toContain(defect.description);
    expect(rendered?.kind === "mail" && rendered.mail.text).toContain("https://pedaali.test/sv/pyoraliike");
    const news = zWhatsNew.parse((await call("GET", "/api/whats-new/storeOrders", STORE_USER)).json());
    expect(news.items.find((item) => item.orderId === orderId)).toMatchObject({
      kind: "DEFECT_REPORTED",
      note: defect.description,
    });
    // The store reads the description with the handover.
    const seenByStore = zStoreHandover.parse(
      (await call("GET", `/api/store/orders/${orderId}/handover`, STORE_USER)).json(),
    );
    expect(seenByStore.handover?.defects).toMatchObject([{ description: defect.description }]);
    expectError(
      await call("POST", `/api/orders/${orderId}/handover/defects`, EMPLOYEE, { description: "lyhyt" }),
      400,
    );
    expectError(await call("POST", `/api/orders/${orderId}/handover/defects`, EMPLOYER_ADMIN, defect), 403);

    // After the window the report is refused.
    await t.database.db
      .update(handovers)
      .set({ defectWindowEndsOn: "2026-01-01" })
      .where(eq(handovers.orderId, orderId));
    expectError(
      await call("POST", `/api/orders/${orderId}/handover/defects`, EMPLOYEE, defect),
      409,
      "DEFECT_WINDOW_CLOSED",
    );
  });
});

describe("who reaches a handover", () => {
  it("is 404 for another store's order and 403 for roles without the store's permission", async () => {
    const orderId = await orderAt(tampere);
    expectError(await call("GET", `/api/store/orders/${orderId}/handover`, STORE_USER), 404);
    expectError(await record(orderId, HANDED_OVER), 404);
    expectError(await upload(orderId, STORE_USER, SAMPLE_PNG), 404);
    expectError(await call("GET", `/api/store/orders/${orderId}/handover/pdf`, STORE_USER), 404);
    for (const who of [HELPDESK, EMPLOYER_ADMIN, EMPLOYEE]) {
      expectError(await call("GET", `/api/store/orders/${orderId}/handover`, who), 403);
      expectError(await record(orderId, HANDED_OVER, who), 403);
    }
    // The store user has no employer's reach of the order.
    expectError(await call("GET", `/api/orders/${orderId}/handover`, STORE_USER), 403);
    expectError(await call("GET", `/api/orders/${orderId}/handover/pdf`, EMPLOYEE), 404);
  });

  it("validates what the store sends", async () => {
    const orderId = await orderAt(espoo);
    expectError(await record(orderId, { ...HANDED_OVER, frameSerialNumber: "x" }), 400, "VALIDATION_ERROR");
    expectError(await record(orderId, { ...HANDED_OVER, pickupCode: "12345" }), 400, "VALIDATION_ERROR");
    expectError(await record(orderId, { ...HANDED_OVER, accessories: Array(21).fill("Valo") }), 400);
    expectError(await call("GET", "/api/store/orders/not-an-id/handover", STORE_USER), 400);
  });
});
