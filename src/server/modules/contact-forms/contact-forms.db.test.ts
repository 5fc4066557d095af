import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loginAs, type Session } from "../../../../tests/helpers/auth.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import {
  CONTACT_FORM_RECEIVED_MESSAGE,
  zContactForm,
  zContactFormsCount,
  zContactFormsPage,
} from "../../../contract/contact-forms.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import { contactForms } from "../../db/schema/index.ts";

const t = setupTestApp({}, { demoData: true });

let nextAddress = 1;
const address = () => `10.44.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;

const sessions = {} as Record<"helpdesk" | "employer", Session>;

beforeAll(async () => {
  sessions.helpdesk = await loginAs(t.app, "helpdesk@pedaali.test");
  sessions.employer = await loginAs(t.app, "employer.admin@demo.test");
});

const form = (overrides: Record<string, unknown> = {}) => ({
  name: "Aino Virtanen",
  company: "Virtasen Kala Oy",
  email: "Aino.Virtanen@Example.fi ",
  phoneNumber: "040 123 4567",
  topic: "EMPLOYER",
  message: "Haluaisimme tarjota pyöräetua 40 työntekijälle.",
  consent: true,
  website: "",
  language: "fi",
  ...overrides,
});

const submit = (payload: Record<string, unknown>, remoteAddress = address()) =>
  t.app.inject({ method: "POST", url: "/api/contact-forms", payload, remoteAddress });
const list = (query = "", session: Session | null = sessions.helpdesk) =>
  t.app.inject({
    method: "GET",
    url: `/api/contact-forms${query}`,
    ...(session ? { headers: session.headers() } : {}),
  });
const uncheckedCount = async () => {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/contact-forms/unchecked-count",
    headers: sessions.helpdesk.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return zContactFormsCount.parse(res.json()).count;
};
const update = (id: string, payload: Record<string, unknown>, session: Session | null = sessions.helpdesk) =>
  t.app.inject({
    method: "PUT",
    url: `/api/contact-forms/update/${id}`,
    payload,
    ...(session ? { headers: session.headers() } : {}),
  });

describe("POST /api/contact-forms", () => {
  it("stores a message with a normalised e-mail and phone and answers 201", async () => {
    const res = await submit(form({ message: "Tunnistettava viesti numero yksi." }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: CONTACT_FORM_RECEIVED_MESSAGE });
    const [row] = await t.database.db
      .select()
      .from(contactForms)
      .where(eq(contactForms.message, "Tunnistettava viesti numero yksi."));
    expect(row).toMatchObject({
      name: "Aino Virtanen",
      companyName: "Virtasen Kala Oy",
      email: "aino.virtanen@example.fi",
      phoneNumber: "0401234567",
      subject: "EMPLOYER",
      checked: false,
      checkedAt: null,
    });
  });

  it("keeps the sender's language, Finnish when none is given", async () => {
    await submit(form({ message: "Svenska meddelandet, tack.", language: "sv" }));
    await submit(form({ message: "Viesti ilman kieltä, kiitos.", language: undefined }));
    const rows = await t.database.db
      .select({ message: contactForms.message, language: contactForms.language })
      .from(contactForms)
      .where(inArray(contactForms.message, ["Svenska meddelandet, tack.", "Viesti ilman kieltä, kiitos."]));
    expect(Object.fromEntries(rows.map((r) => [r.message, r.language]))).toEqual({
      "Svenska meddelandet, tack.": "sv",
      "Viesti ilman kieltä, kiitos.": "fi",
    });
  });

  it("takes the optional fields away", async () => {
    const res = await submit(
      form({ company: undefined, phoneNumber: "", website: undefined, language: undefined, topic: "OTHER" }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it("answers bad input with 400 and the failing field", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: "aino..virtanen@example.fi" }, "VALIDATION_ERROR", "body.email"],
      [{ email: "aino@example" }, "VALIDATION_ERROR", "body.email"],
      [{ message: "Lyhyt" }, "VALIDATION_ERROR", "body.message"],
      [{ message: "x".repeat(5001) }, "VALIDATION_ERROR", "body.message"],
      [{ consent: false }, "VALIDATION_ERROR", "body.consent"],
      [{ consent: undefined }, "VALIDATION_ERROR", "body.consent"],
      [{ topic: "SPAM" }, "VALIDATION_ERROR", "body.topic"],
      [{ name: " " }, "VALIDATION_ERROR", "body.name"],
      [{ phoneNumber: "12345" }, "UNSUPPORTED_PHONE_NUMBER", "body.phoneNumber"],
    ];
    for (const [overrides, code, field] of cases) {
      const res = await submit(form(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const body = zErrorResponse.parse(res.json());
      expect(body.code).toBe(code);
      expect(body.details?.map((d) => d.field)).toContain(field);
      if (code === "UNSUPPORTED_PHONE_NUMBER") expect(body.message).toBe("Unsupported phone number format");
    }
  });

  it("answers a filled honeypot as if stored but stores nothing", async () => {
    const before = await t.database.db.$count(contactForms);
    const res = await submit(form({ website: "https://spam.example", message: "Halpoja pyöriä täältä!" }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: CONTACT_FORM_RECEIVED_MESSAGE });
    expect(await t.database.db.$count(contactForms)).toBe(before);
  });

  it("refuses another site's origin", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact-forms",
      payload: form(),
      headers: { origin: "https://evil.example" },
      remoteAddress: address(),
    });
    expect(res.statusCode).toBe(403);
  });

  it("limits sending per address (429 after 5 in 10 minutes)", async () => {
    const ip = "10.45.0.1";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await submit(form({ website: "bot" }), ip)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(zErrorResponse.parse((await submit(form(), ip)).json()).code).toBe("TOO_MANY_REQUESTS");
  });
});

describe("the helpdesk's list", () => {
  it("lists newest first in the page envelope, filters and pages in SQL", async () => {
    for (let i = 1; i <= 3; i++) {
      const res = await submit(form({ name: `Listattava ${i}`, message: `Listan viesti numero ${i}` }));
      expect(res.statusCode).toBe(201);
    }
    const res = await list("?search=Listattava&limit=2");
    expect(res.statusCode, res.body).toBe(200);
    const page = zContactFormsPage.parse(res.json());
    expect(page).toMatchObject({
      page: 1,
      limit: 2,
      total: 3,
      totalPages: 2,
      hasNext: true,
      hasPrevious: false,
    });
    expect(page.items.map((i) => i.name)).toEqual(["Listattava 3", "Listattava 2"]);
    expect(page.items[0]).toMatchObject({
      company: "Virtasen Kala Oy",
      email: "aino.virtanen@example.fi",
      phoneNumber: "0401234567",
      topic: "EMPLOYER",
      checked: false,
      checkedAt: null,
    });
    const second = zContactFormsPage.parse((await list("?search=listattava&limit=2&page=2")).json());
    expect(second.items.map((i) => i.name)).toEqual(["Listattava 1"]);
    expect(second).toMatchObject({ hasNext: false, hasPrevious: true });
    const none = zContactFormsPage.parse((await list("?search=%25_")).json());
    expect(none.total).toBe(0);
    // Unfiltered: every stored message counts, whichever other tests ran before this one.
    const all = zContactFormsPage.parse((await list()).json());
    const stored = await t.database.db.$count(contactForms);
    expect(all).toMatchObject({ page: 1, limit: 20, total: stored });
    expect(all.items).toHaveLength(Math.min(20, stored));
    expect(all.items.map((i) => i.name)).toEqual(expect.arrayContaining(["Listattava 3", "Listattava 2"]));
  });

  it("marks a message checked and back; the unchecked count moves", async () => {
    const res = await submit(form({ name: "Tarkistettava", message: "Tarkistettava viesti tässä." }));
    expect(res.statusCode).toBe(201);
    const [item] = zContactFormsPage.parse((await list("?search=Tarkistettava")).json()).items;
    if (!item) throw new Error("no item");
    const before = await uncheckedCount();
    const checked = await update(item.contactFormDataId, { checked: true });
    expect(checked.statusCode, checked.body).toBe(200);
    const body = zContactForm.parse(checked.json());
    expect(body.checked).toBe(true);
    expect(body.checkedAt).not.toBeNull();
    expect(await uncheckedCount()).toBe(before - 1);
    const onlyChecked = zContactFormsPage.parse((await list("?checked=true")).json());
    expect(onlyChecked.items.map((i) => i.contactFormDataId)).toContain(item.contactFormDataId);
    const onlyUnchecked = zContactFormsPage.parse((await list("?checked=false")).json());
    expect(onlyUnchecked.items.map((i) => i.contactFormDataId)).not.toContain(item.contactFormDataId);
    expect(onlyUnchecked.total).toBe(before - 1);
    const [row] = await t.database.db
      .select()
      .from(contactForms)
      .where(eq(contactForms.id, item.contactFormDataId));
    expect(row?.checkedByUserId).not.toBeNull();
    const unchecked = zContactForm.parse((await update(item.contactFormDataId, { checked: false })).json());
    expect(unchecked).toMatchObject({ checked: false, checkedAt: null });
    expect(await uncheckedCount()).toBe(before);
  });

  it("answers an unknown id with 404 and bad input with 400", async () => {
    const res = await update(crypto.randomUUID(), { checked: true });
    expect(res.statusCode).toBe(404);
    expect(zErrorResponse.parse(res.json()).code).toBe("NOT_FOUND");
    for (const bad of [
      await update("not-a-uuid", { checked: true }),
      await update(crypto.randomUUID(), { checked: "yes" }),
      await list("?limit=0"),
      await list("?checked=maybe"),
    ]) {
      expect(bad.statusCode, bad.body).toBe(400);
      expect(zErrorResponse.parse(bad.json()).code).toBe("VALIDATION_ERROR");
    }
  });

  it("answers 401 without a session and 403 to an employer admin, leaving the message unchecked", async () => {
    // A stored message of its own, so the refused updates are checked against a row that exists.
    expect(
      (await submit(form({ name: "Koskematon", message: "Tätä ei saa merkitä luetuksi." }))).statusCode,
    ).toBe(201);
    const [row] = await t.database.db.select().from(contactForms).where(eq(contactForms.name, "Koskematon"));
    const id = row?.id as string;
    const code = (res: { json: () => unknown }) => zErrorResponse.parse(res.json()).code;

    const anonymous = [
      await list("", null),
      await update(id, { checked: true }, null),
      await t.app.inject({ method: "GET", url: "/api/contact-forms/unchecked-count" }),
    ];
    expect(anonymous.map((r) => [r.statusCode, code(r)])).toEqual(Array(3).fill([401, "UNAUTHORIZED"]));

    const employer = [
      await list("", sessions.employer),
      await update(id, { checked: true }, sessions.employer),
      await t.app.inject({
        method: "GET",
        url: "/api/contact-forms/unchecked-count",
        headers: sessions.employer.headers(),
      }),
    ];
    expect(employer.map((r) => [r.statusCode, code(r)])).toEqual(Array(3).fill([403, "FORBIDDEN"]));

    const [after] = await t.database.db.select().from(contactForms).where(eq(contactForms.id, id));
    expect(after).toMatchObject({ checked: false, checkedAt: null, checkedByUserId: null });
  });
});
