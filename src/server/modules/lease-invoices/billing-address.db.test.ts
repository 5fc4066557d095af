import { and, eq, gte } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zApplicationAccepted, zCompanyApplication } from "../../../contract/admin.ts";
import { zCompaniesPage, zCompanyDetails } from "../../../contract/companies.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { periodOf } from "../../../domain/payroll/period.ts";
import { testConfig } from "../../config.ts";
import {
  companies,
  companyApplications,
  leaseInvoices,
  messageOutbox,
  outbox,
} from "../../db/schema/index.ts";
import { issueMonthlyLeaseInvoices } from "../../jobs/lease-invoices.ts";

/**
 * The company's billing address, where Pedaali's monthly lease invoice goes: asked for at sign-up, kept
 * in the company's settings, missing ones shown to the helpdesk, and the issued invoice mailed there.
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const DEMO_ADMIN = "employer.admin@demo.test";
const HELPDESK = "helpdesk@pedaali.test";
const ADMIN = "admin@pedaali.test";
const log = { info: () => {}, error: () => {} };

let demoOyId: string;
let toinenId: string;

beforeAll(async () => {
  demoOyId = await companyIdByName(t.database.db, "Demo Oy");
  toinenId = await companyIdByName(t.database.db, "Toinen Oy");
});

const setAddress = (
  companyId: string,
  address: { billingEmail: string | null; eInvoiceAddress: string | null; eInvoiceOperator: string | null },
) => t.database.db.update(companies).set(address).where(eq(companies.id, companyId));

const signUp = (company: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/register/company",
    remoteAddress: "10.77.0.1",
    payload: {
      language: "fi",
      consent: true,
      company: {
        name: "Laskuttava Oy",
        businessId: "3401234-1",
        streetAddress: "Kauppakatu 1",
        postalCode: "40100",
        city: "Jyväskylä",
        ...company,
      },
      admin: {
        firstName: "Hanna",
        lastName: "Koivisto",
        email: "hanna.koivisto@laskuttava.test",
        phoneNumber: "+358 50 555 0300",
      },
    },
  });

describe("the billing address at sign-up", () => {
  it("is stored with the application and becomes the company's when the helpdesk accepts it", async () => {
    const bad = await signUp({ billingEmail: "ei sähköposti" });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().details?.[0]?.field).toBe("body.company.billingEmail");

    const res = await signUp({ billingEmail: " laskut@laskuttava.test " });
    expect(res.statusCode, res.body).toBe(201);
    const [application] = await t.database.db
      .select()
      .from(companyApplications)
      .where(eq(companyApplications.businessId, "3401234-1"));
    expect(application?.billingEmail).toBe("laskut@laskuttava.test");
    const shown = await call("GET", `/api/company-applications/${application?.id}`, HELPDESK);
    expect(zCompanyApplication.parse(shown.json()).billingEmail).toBe("laskut@laskuttava.test");

    const accepted = await call("POST", `/api/company-applications/${application?.id}/accept`, ADMIN, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { company } = zApplicationAccepted.parse(accepted.json());
    expect(company).toMatchObject({ billingEmail: "laskut@laskuttava.test", hasBillingAddress: true });
  });
});

describe("the billing address in the company's settings", () => {
  beforeEach(() =>
    setAddress(demoOyId, { billingEmail: null, eInvoiceAddress: null, eInvoiceOperator: null }),
  );

  it("the employer sets and clears it; the max price is kept when left out", async () => {
    const before = zCompanyDetails.parse(
      (await call("GET", `/api/companies/${demoOyId}`, DEMO_ADMIN)).json(),
    );
    expect(before.hasBillingAddress).toBe(false);
    const url = `/api/companies/${demoOyId}/settings`;
    const set = await call("PUT", url, DEMO_ADMIN, { billingEmail: "reskontra@demo.test" });
    expect(set.statusCode, set.body).toBe(200);
    expect(zCompanyDetails.parse(set.json())).toMatchObject({
      billingEmail: "reskontra@demo.test",
      hasBillingAddress: true,
      maxPrice: before.maxPrice,
    });
    const eInvoice = await call("PUT", url, DEMO_ADMIN, {
      eInvoiceAddress: "003712345671",
      eInvoiceOperator: "003723327487",
    });
    expect(zCompanyDetails.parse(eInvoice.json())).toMatchObject({
      billingEmail: "reskontra@demo.test",
      eInvoiceAddress: "003712345671",
    });
    expectError(await call("PUT", url, DEMO_ADMIN, { billingEmail: "ei osoite" }), 400);
    const cleared = await call("PUT", url, DEMO_ADMIN, {
      billingEmail: "",
      eInvoiceAddress: "",
      eInvoiceOperator: "",
    });
    expect(zCompanyDetails.parse(cleared.json())).toMatchObject({
      billingEmail: null,
      hasBillingAddress: false,
    });
    // Another company's settings are not the employer's to change, nor to know of.
    expectError(
      await call("PUT", `/api/companies/${toinenId}/settings`, DEMO_ADMIN, { billingEmail: "x@demo.test" }),
      404,
    );
  });

  it("the helpdesk sees on the company list and page which company has none", async () => {
    await setAddress(toinenId, {
      billingEmail: "laskut@toinen.test",
      eInvoiceAddress: null,
      eInvoiceOperator: null,
    });
    const res = await call("GET", "/api/companies?page=1&limit=100", HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    const items = zCompaniesPage.parse(res.json()).items;
    expect(items.find((c) => c.id === demoOyId)?.hasBillingAddress).toBe(false);
    expect(items.find((c) => c.id === toinenId)?.hasBillingAddress).toBe(true);
    const page = zCompanyDetails.parse((await call("GET", `/api/companies/${demoOyId}`, HELPDESK)).json());
    expect(page.hasBillingAddress).toBe(false);
  });
});

describe("the issued lease invoice", () => {
  it("is mailed to a billing e-mail and marked due as an e-invoice for an e-invoice address", async () => {
    await setAddress(demoOyId, {
      billingEmail: "reskontra@demo.test",
      eInvoiceAddress: null,
      eInvoiceOperator: null,
    });
    await setAddress(toinenId, {
      billingEmail: "laskut@toinen.test",
      eInvoiceAddress: "003712345671",
      eInvoiceOperator: "003723327487",
    });
    await t.database.db.delete(leaseInvoices);
    const now = new Date();
    const run = await issueMonthlyLeaseInvoices(t.database.db, { now, log });
    expect(run.failed).toBe(0);
    const period = `${periodOf(toHelsinkiDateString(now))}-01`;
    const [demo] = await t.database.db
      .select()
      .from(leaseInvoices)
      .where(eq(leaseInvoices.companyId, demoOyId));
    expect(demo?.period).toBe(period);
    expect(demo).toMatchObject({ sendBy: "EMAIL", sentTo: "reskontra@demo.test" });
    expect(demo?.mailedAt).not.toBeNull();
    // Queued in the message outbox with the invoice, naming the invoice only; the company has no account.
    const queued = await t.database.db
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.event, "LEASE_INVOICE_ISSUED"), gte(messageOutbox.createdAt, now)));
    expect(queued).toEqual([
      expect.objectContaining({
        userId: null,
        recipient: "reskontra@demo.test",
        language: "fi",
        params: { invoiceId: demo?.id },
        status: "SENT",
      }),
    ]);
    // It left right after the commit: the mail as the billing office reads it.
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, "reskontra@demo.test"), gte(outbox.createdAt, now)));
    expect(mail?.subject).toContain(String(demo?.invoiceNumber));
    expect(mail?.bodyText).toContain(demo?.referenceNumber as string);
    expect(mail?.bodyText).toContain(`${testConfig().publicUrl}/yritys-asetukset`);
    const [toinen] = await t.database.db
      .select()
      .from(leaseInvoices)
      .where(eq(leaseInvoices.companyId, toinenId));
    expect(toinen).toMatchObject({ sendBy: "E_INVOICE", mailedAt: null });
    const toToinen = await t.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.recipient, "laskut@toinen.test"), gte(outbox.createdAt, now)));
    expect(toToinen).toEqual([]);
  });
});
