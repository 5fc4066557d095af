import { and, eq } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zOrderDetails } from "../../../contract/orders.ts";
import type { PayerType } from "../../../domain/enums.ts";
import { referenceNumber } from "../../../domain/reference-number.ts";
import {
  beneficiaryEmployees,
  invoices,
  leasingCompanies,
  orders,
  permissions,
  rolePermissions,
  roles,
  users,
} from "../../db/schema/index.ts";

/**
 * GET /api/invoices/{id}/finvoice.xml: our bill to a leasing company as a Finvoice message. The
 * employer admin role is given invoices.read in this file's database, so that a reader bound to its
 * companies meets another tenant's invoice as a 404 (no employer role holds invoices.read in the demo).
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const HELPDESK = "helpdesk@pedaali.test";
const DEMO_ADMIN = "employer.admin@demo.test";
const OTHER_TENANT = "employer.admin@toinen.test";
const EMPLOYEE = "employee@demo.test";
const MISSING = "00000000-0000-4000-8000-00000000dead";

let demoOyId: string;
let employmentId: string;
let withAddressId: string;
let withoutAddressId: string;

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  const [employment] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(and(eq(users.email, EMPLOYEE), eq(beneficiaryEmployees.companyId, demoOyId)));
  employmentId = employment?.id as string;
  const made = await db
    .insert(leasingCompanies)
    .values([
      {
        companyName: "Verkkorahoitus Oy",
        businessId: "3401236-8",
        eInvoiceAddress: "003734012368",
        eInvoiceOperator: "003723327487",
      },
      { companyName: "Paperirahoitus Oy" },
    ])
    .returning({ id: leasingCompanies.id, name: leasingCompanies.companyName });
  withAddressId = made.find((l) => l.name === "Verkkorahoitus Oy")?.id as string;
  withoutAddressId = made.find((l) => l.name === "Paperirahoitus Oy")?.id as string;
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, "EMPLOYER_ADMIN"));
  const [permission] = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.name, "invoices.read"));
  await db
    .insert(rolePermissions)
    .values({ roleId: role?.id as string, permissionId: permission?.id as string })
    .onConflictDoNothing();
});

let sequence = 9000;

/** A Demo Oy order at 25.5 % VAT and its invoice, by default our bill to the leasing company with an address. */
async function bill(
  overrides: {
    payerType?: PayerType;
    leasingCompanyId?: string | null;
    referenceNumber?: string | null;
  } = {},
) {
  const db = t.database.db;
  sequence += 1;
  const [order] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employmentId,
      companyId: demoOyId,
      orderStatus: "GRENKE_INVOICE_SENT",
      totalPriceCents: 250_000,
      vatPercent: 25.5,
    })
    .returning({ id: orders.id });
  const [invoice] = await db
    .insert(invoices)
    .values({
      invoiceNumber: `PED-L-${sequence}`,
      status: "SENT",
      payerType: overrides.payerType ?? "OTHER",
      companyId: demoOyId,
      orderId: order?.id as string,
      leasingCompanyId: overrides.leasingCompanyId === undefined ? withAddressId : overrides.leasingCompanyId,
      description: `Tilaus ${sequence} & lukko`,
      amountCents: 199_203,
      vatCents: 50_797,
      totalCents: 250_000,
      referenceNumber:
        overrides.referenceNumber === undefined
          ? referenceNumber(`${sequence}01`)
          : overrides.referenceNumber,
      issueDate: "2026-03-02",
      dueDate: "2026-03-16",
    })
    .returning({ id: invoices.id, invoiceNumber: invoices.invoiceNumber });
  return {
    orderId: order?.id as string,
    id: invoice?.id as string,
    number: invoice?.invoiceNumber as string,
  };
}

const url = (id: string) => `/api/invoices/${id}/finvoice.xml`;

/** The text of every element of that name in the message, in document order. */
function texts(xml: string, name: string): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      const values = Array.isArray(value) ? value : [value];
      if (key === name)
        for (const v of values) found.push(typeof v === "object" ? String(v["#text"]) : String(v));
      for (const v of values) walk(v);
    }
  };
  walk(new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml));
  return found;
}

describe("GET /api/invoices/{id}/finvoice.xml", () => {
  it("gives the helpdesk our bill as a Finvoice file: addressed to the leasing company, the sums and the reference", async () => {
    const invoice = await bill();
    const res = await call("GET", url(invoice.id), HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="lasku-${invoice.number}.xml"`);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(XMLValidator.validate(res.body)).toBe(true);
    expect(texts(res.body, "ToIdentifier")).toEqual(["003734012368"]);
    expect(texts(res.body, "ToIntermediator")).toEqual(["003723327487"]);
    expect(texts(res.body, "FromIdentifier")).toEqual(["003734012341"]);
    expect(texts(res.body, "BuyerOrganisationName")).toEqual(["Verkkorahoitus Oy"]);
    expect(texts(res.body, "BuyerOrganisationTaxCode")).toEqual(["FI34012368"]);
    expect(texts(res.body, "InvoiceNumber")).toEqual([invoice.number]);
    expect(texts(res.body, "InvoiceTotalVatExcludedAmount")).toEqual(["1992,03"]);
    expect(texts(res.body, "InvoiceTotalVatAmount")).toEqual(["507,97"]);
    expect(texts(res.body, "InvoiceTotalVatIncludedAmount")).toEqual(["2500,00"]);
    expect(texts(res.body, "EpiInstructedAmount")).toEqual(["2500,00"]);
    expect(texts(res.body, "VatRatePercent")).toEqual(["25,5"]);
    expect(texts(res.body, "InvoiceDueDate")).toEqual(["20260316"]);
    expect(texts(res.body, "PaymentTermsFreeText")).toEqual(["14 päivää netto"]);
    expect(texts(res.body, "EpiRemittanceInfoIdentifier")).toEqual([referenceNumber(`${sequence}01`)]);
    expect(texts(res.body, "ArticleName")).toEqual([`Tilaus ${sequence} & lukko`]);
  });

  it("lets a reader bound to its companies have its own company's bill", async () => {
    const res = await call("GET", url((await bill()).id), DEMO_ADMIN);
    expect(res.statusCode, res.body).toBe(200);
  });

  it("answers 404 for an unknown invoice and for another tenant's", async () => {
    expectError(await call("GET", url(MISSING), HELPDESK), 404, "NOT_FOUND");
    expectError(await call("GET", url((await bill()).id), OTHER_TENANT), 404, "NOT_FOUND");
  });

  it("refuses the caller without invoices.read (403) and the anonymous one (401)", async () => {
    const { id } = await bill();
    expectError(await call("GET", url(id), EMPLOYEE), 403);
    expectError(await call("GET", url(id), null), 401);
  });

  it("answers 400 for an id that is no id", async () => {
    expectError(await call("GET", url("lasku-1"), HELPDESK), 400);
  });

  it("makes no e-invoice of what we pay nor of a bill without its reference number", async () => {
    const ours = await bill({ payerType: "PEDAALI" });
    expectError(await call("GET", url(ours.id), HELPDESK), 409, "NOT_AN_E_INVOICE");
    const incomplete = await bill({ referenceNumber: null });
    expectError(await call("GET", url(incomplete.id), HELPDESK), 409, "NOT_AN_E_INVOICE");
  });

  it("says so when the leasing company has no e-invoice address", async () => {
    const { id } = await bill({ leasingCompanyId: withoutAddressId });
    const error = expectError(await call("GET", url(id), HELPDESK), 409, "E_INVOICE_ADDRESS_MISSING");
    expect(error.message).toContain("Paperirahoitus Oy");
  });

  it("tells the order's page which of its invoices go out as e-invoices", async () => {
    const sendable = await bill();
    const withoutAddress = await bill({ leasingCompanyId: withoutAddressId });
    for (const [invoice, eInvoice] of [
      [sendable, true],
      [withoutAddress, false],
    ] as const) {
      const res = await call("GET", `/api/orders/${invoice.orderId}`, HELPDESK);
      expect(res.statusCode, res.body).toBe(200);
      const order = zOrderDetails.parse(res.json());
      expect(order.invoices.map((i) => [i.id, i.eInvoice])).toEqual([[invoice.id, eInvoice]]);
    }
  });

  it("tells the order's page that our bill is ours even when Pedaali Oy, the lessor, pays it", async () => {
    const ours = await bill({ payerType: "PEDAALI" });
    const res = await call("GET", `/api/orders/${ours.orderId}`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    const order = zOrderDetails.parse(res.json());
    expect(order.invoices.map((i) => [i.payerType, i.sender])).toEqual([["PEDAALI", "PEDAALI"]]);
  });
});
