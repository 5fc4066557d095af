import { eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError, type Method } from "../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../tests/helpers/ids.ts";
import { setupTestApp } from "../../tests/helpers/test-app.ts";
import { companyApplications, contactForms, roles, systemUsers, users } from "./db/schema/index.ts";

/**
 * A NUL byte (or another control character) in a text field once reached PostgreSQL, which
 * refuses it in text, and the request answered 500. The contract now refuses control characters in
 * every free-text field: 400 VALIDATION_ERROR naming the field, and nothing stored.
 */

const t = setupTestApp({ devOutbox: true }, { demoData: true });
const { call } = apiCaller(t);

const ADMIN = "admin@pedaali.test";
const EMPLOYER = "employer.admin@demo.test";
const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYEE = "employee@demo.test";
const NUL = "\u0000";

let nextAddress = 1;
/** Anonymous forms are rate-limited per address: each case comes from an address of its own. */
const address = () => `10.77.0.${nextAddress++}`;

const ids = {} as Record<"demo" | "beneficiaryRole" | "joinToken", string>;

beforeAll(async () => {
  ids.demo = await companyIdByName(t.database.db, "Demo Oy");
  const [role] = await t.database.db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.name, "BIKE_BENEFICIARY"));
  ids.beneficiaryRole = role?.id as string;
  const link = await call("POST", "/api/register-link/company", EMPLOYER, { companyId: ids.demo });
  expect(link.statusCode, link.body).toBe(200);
  ids.joinToken = (link.json() as { token: string }).token;
});

const contactForm = (overrides: Record<string, unknown>) => ({
  name: "Aino Virtanen",
  company: "Virtasen Kala Oy",
  email: "aino.virtanen@example.fi",
  phoneNumber: "040 123 4567",
  topic: "EMPLOYER",
  message: "Haluaisimme tarjota pyöräetua 40 työntekijälle.",
  consent: true,
  language: "fi",
  ...overrides,
});

const companySignUp = (company: Record<string, unknown>, admin: Record<string, unknown> = {}) => ({
  language: "fi",
  consent: true,
  company: {
    name: "Pyöräilevä Oy",
    businessId: "3401234-1",
    streetAddress: "Kauppakatu 1",
    postalCode: "40100",
    city: "Jyväskylä",
    ...company,
  },
  admin: {
    firstName: "Hanna",
    lastName: "Koivisto",
    email: "hanna.koivisto@pyorailava.test",
    phoneNumber: "+358 50 555 0300",
    ...admin,
  },
});

const employeeJoin = (overrides: Record<string, unknown>) => ({
  token: ids.joinToken,
  firstName: "Aino",
  lastName: "Virtanen",
  email: "aino.virtanen.nul@demo.test",
  phoneNumber: "040 123 4567",
  password: "neljä pyörää ja teltta",
  language: "fi",
  ...overrides,
});

const newSystemUser = (overrides: Record<string, unknown>) => ({
  firstName: "Aino",
  lastName: "Korhonen",
  workEmail: "aino.korhonen.nul@demo.test",
  role: "BIKE_BENEFICIARY",
  companyId: ids.demo,
  language: "fi",
  ...overrides,
});

const ownDetails = (overrides: Record<string, unknown>) => ({
  firstName: "Erkki",
  lastName: "Esimerkki",
  personalEmail: "",
  language: "fi",
  ...overrides,
});

type Case = {
  name: string;
  method: Method;
  url: () => string;
  /** A demo user's e-mail, or null for an anonymous form sent from an address of its own. */
  who: string | null;
  payload?: () => unknown;
  field: string;
  /** The table a write would have grown. */
  table?: PgTable;
};

const q = encodeURIComponent(`Ai${NUL}no`);

const cases: Case[] = [
  ...(["name", "company", "message"] as const).map(
    (field): Case => ({
      name: `POST /api/contact-forms ${field}`,
      method: "POST",
      url: () => "/api/contact-forms",
      who: null,
      payload: () => contactForm({ [field]: `${contactForm({})[field]}${NUL}` }),
      field: `body.${field}`,
      table: contactForms,
    }),
  ),
  ...(["name", "streetAddress", "city", "eInvoiceAddress", "eInvoiceOperator"] as const).map(
    (field): Case => ({
      name: `POST /api/register/company company.${field}`,
      method: "POST",
      url: () => "/api/register/company",
      who: null,
      payload: () => companySignUp({ [field]: `Kauppa${NUL}katu` }),
      field: `body.company.${field}`,
      table: companyApplications,
    }),
  ),
  ...(["firstName", "lastName"] as const).map(
    (field): Case => ({
      name: `POST /api/register/company admin.${field}`,
      method: "POST",
      url: () => "/api/register/company",
      who: null,
      payload: () => companySignUp({}, { [field]: `Han${NUL}na` }),
      field: `body.admin.${field}`,
      table: companyApplications,
    }),
  ),
  ...(["firstName", "lastName"] as const).map(
    (field): Case => ({
      name: `PATCH /api/user ${field}`,
      method: "PATCH",
      url: () => "/api/user",
      who: EMPLOYEE,
      payload: () => ownDetails({ [field]: `Erk${NUL}ki` }),
      field: `body.${field}`,
    }),
  ),
  ...(["firstName", "lastName", "email", "phoneNumber"] as const).map(
    (field): Case => ({
      name: `GET /api/system-users ?${field}`,
      method: "GET",
      url: () => `/api/system-users?${field}=${q}`,
      who: ADMIN,
      field: `querystring.${field}`,
    }),
  ),
  {
    name: "GET /api/contact-forms ?search",
    method: "GET",
    url: () => `/api/contact-forms?search=${q}`,
    who: HELPDESK,
    field: "querystring.search",
  },
  {
    name: "GET /api/user-roles/roles/{roleId}/users ?search",
    method: "GET",
    url: () => `/api/user-roles/roles/${ids.beneficiaryRole}/users?search=${q}`,
    who: ADMIN,
    field: "querystring.search",
  },
  ...(["role", "firstName", "lastName"] as const).map(
    (field): Case => ({
      name: `POST /api/system-users ${field}`,
      method: "POST",
      url: () => "/api/system-users",
      who: ADMIN,
      payload: () => newSystemUser({ [field]: `BIKE${NUL}BENEFICIARY` }),
      field: `body.${field}`,
      table: users,
    }),
  ),
  ...(["firstName", "lastName"] as const).map(
    (field): Case => ({
      name: `POST /api/register/employee ${field}`,
      method: "POST",
      url: () => "/api/register/employee",
      who: null,
      payload: () => employeeJoin({ [field]: `Ai${NUL}no` }),
      field: `body.${field}`,
      table: users,
    }),
  ),
  {
    name: "POST /api/roles description",
    method: "POST",
    url: () => "/api/roles",
    who: ADMIN,
    payload: () => ({ name: "Nollarooli", description: `Kuvaus${NUL}` }),
    field: "body.description",
    table: roles,
  },
  {
    name: "PUT /api/user-preferences a text value",
    method: "PUT",
    url: () => "/api/user-preferences",
    who: EMPLOYEE,
    payload: () => ({ preferences: { note: `a${NUL}b` } }),
    field: "body.preferences.note",
  },
  {
    name: "GET /api/dev/outbox ?to",
    method: "GET",
    url: () => `/api/dev/outbox?to=${encodeURIComponent(`anna${NUL}@demo.test`)}`,
    who: null,
    field: "querystring.to",
  },
];

async function send(c: Case) {
  if (c.who) return call(c.method, c.url(), c.who, c.payload?.());
  return t.app.inject({
    method: c.method,
    url: c.url(),
    remoteAddress: address(),
    ...(c.payload ? { payload: c.payload() as object } : {}),
  });
}

const countRows = async (table: PgTable) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

describe("control characters in text input", () => {
  it.each(cases)("a NUL in $name answers 400 VALIDATION_ERROR naming the field", async (c) => {
    const before = c.table ? await countRows(c.table) : undefined;
    const body = expectError(await send(c), 400, "VALIDATION_ERROR");
    expect(body.details?.map((d) => d.field)).toContain(c.field);
    if (c.table) expect(await countRows(c.table)).toBe(before);
  });

  it("PATCH /api/user with a NUL leaves the stored names as they were", async () => {
    const userId = await userIdByEmail(t.database.db, EMPLOYEE);
    const read = async () =>
      (
        await t.database.db
          .select({ firstName: systemUsers.firstName, lastName: systemUsers.lastName })
          .from(systemUsers)
          .where(eq(systemUsers.userId, userId))
      )[0];
    const before = await read();
    expectError(
      await call("PATCH", "/api/user", EMPLOYEE, ownDetails({ firstName: `A${NUL}`, lastName: "B" })),
      400,
      "VALIDATION_ERROR",
    );
    expect(await read()).toEqual(before);
  });

  it.each(["\u0001", "\u001b", "\u007f", "\n", "\t"])(
    "a single-line field refuses the control character %j",
    async (character) => {
      const before = await countRows(contactForms);
      const res = await send({
        name: "contact name",
        method: "POST",
        url: () => "/api/contact-forms",
        who: null,
        payload: () => contactForm({ name: `Aino${character}Virtanen` }),
        field: "body.name",
      });
      const body = expectError(res, 400, "VALIDATION_ERROR");
      expect(body.details?.map((d) => d.field)).toEqual(["body.name"]);
      expect(await countRows(contactForms)).toBe(before);
    },
  );

  it("keeps line breaks and tabs in a multi-line message, and stores it", async () => {
    const message = "Hei!\r\n\n\tHaluaisimme tarjota pyöräetua 40 työntekijälle.";
    const res = await send({
      name: "contact message",
      method: "POST",
      url: () => "/api/contact-forms",
      who: null,
      payload: () => contactForm({ message, name: "Monirivi Testaaja" }),
      field: "body.message",
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select({ message: contactForms.message })
      .from(contactForms)
      .where(eq(contactForms.name, "Monirivi Testaaja"));
    expect(row?.message).toBe(message.trim());
  });
});
