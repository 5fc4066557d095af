import { QueryClientProvider } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TCompanyDetails } from "../../../contract/companies.ts";
import type { TLeaseInvoice } from "../../../contract/lease-invoices.ts";
import { ToastHost } from "../../components/toast-host.tsx";
import { createQueryClient } from "../../lib/query-client.ts";
import { type FakeReply, fakeApi } from "../../test/fake-api.ts";
import { renderUi } from "../../test/render-ui.tsx";
import { setUpScreenTests } from "../../test/screen-tests.ts";
import { type LeaseInvoicesAudience, LeaseInvoicesSection } from "./lease-invoices-section.tsx";

setUpScreenTests();

const COMPANY = "11111111-1111-4111-8111-111111111111";
const INVOICE = "33333333-3333-4333-8333-333333333333";
const LIST = `/api/companies/${COMPANY}/lease-invoices`;
const NOW = "2026-11-20T10:15:00.000Z";

function company(overrides: Partial<TCompanyDetails> = {}): TCompanyDetails {
  return {
    companyId: COMPANY,
    name: "Demo Oy",
    businessId: "2980005-2",
    groupCompanyId: null,
    groupCompanyName: null,
    countryCode: "FI",
    vatPercent: null,
    maxPrice: 4500,
    paymentMode: "PAYROLL",
    leasingCompanyId: null,
    billingTableId: null,
    streetAddress: "Mannerheimintie 1",
    postalCode: "00100",
    city: "Helsinki",
    billingEmail: null,
    eInvoiceAddress: "003729800052",
    eInvoiceOperator: "E204503",
    hasBillingAddress: true,
    contactName: null,
    contactEmail: null,
    contactPhoneNumber: null,
    previousProvider: null,
    companyUnits: [],
    employeeCount: 4,
    activeLeaseCount: 2,
    bikePolicy: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

/** December's invoice for two leases: 89,90 € and 120,00 € a month, VAT 25,5 % included. */
const december: TLeaseInvoice = {
  id: INVOICE,
  invoiceNumber: 50012,
  kind: "REGULAR",
  originalInvoiceNumber: null,
  period: "2026-12",
  issueDate: "2026-12-01",
  dueDate: "2026-12-15",
  referenceNumber: "500126",
  vatPercent: 25.5,
  amountCents: 16725,
  vatCents: 4265,
  totalCents: 20990,
  lines: [
    {
      orderNumber: 10023,
      employeeName: "Virtanen Matti",
      employeeNumber: "E-17",
      leaseStartDate: "2026-03-01",
      monthlyPaymentCents: 8990,
      vatPercent: 25.5,
      vatExcludedCents: 7163,
      vatCents: 1827,
    },
    {
      orderNumber: 10031,
      employeeName: "Korhonen Liisa",
      employeeNumber: null,
      leaseStartDate: "2026-06-01",
      monthlyPaymentCents: 12000,
      vatPercent: 25.5,
      vatExcludedCents: 9562,
      vatCents: 2438,
    },
  ],
};

function page(items: TLeaseInvoice[], { page = 1, total = items.length } = {}): FakeReply {
  const totalPages = Math.max(1, Math.ceil(total / 12));
  return {
    status: 200,
    body: {
      items,
      page,
      limit: 12,
      total,
      totalPages,
      hasNext: page < totalPages,
      hasPrevious: page > 1,
    },
  };
}

function renderSection(audience?: LeaseInvoicesAudience) {
  return renderUi(
    <QueryClientProvider client={createQueryClient()}>
      <LeaseInvoicesSection companyId={COMPANY} audience={audience} />
      <ToastHost />
    </QueryClientProvider>,
  );
}

async function section() {
  const heading = await screen.findByRole("heading", { level: 2, name: "Laskut" });
  return within(heading.closest("section") as HTMLElement);
}

describe("the lease invoices section", () => {
  it("lists an invoice by its month and total, downloads it as an e-invoice and opens its lines", async () => {
    const user = userEvent.setup();
    fakeApi({
      [`GET /api/companies/${COMPANY}`]: () => ({ status: 200, body: company() }),
      [`GET ${LIST}?page=1&limit=12`]: page([december]),
    });
    renderSection();
    const card = await section();
    expect(card.getByText(/laskuttaa yrityksen kuukausittain/)).toBeInTheDocument();
    const table = await card.findByRole("table", { name: "Laskut" });
    const row = within(table).getByText("12/2026").closest("tr") as HTMLElement;
    expect(within(row).getByText("50012")).toBeInTheDocument();
    expect(within(row).getByText("15.12.2026")).toBeInTheDocument();
    expect(within(row).getByText("2")).toBeInTheDocument();
    expect(within(row).getByText(/^209,90\s€$/)).toBeInTheDocument();

    const download = within(row).getByRole("link", { name: "Lataa verkkolasku, lasku 50012" });
    expect(download).toHaveTextContent("Lataa verkkolasku");
    expect(download).toHaveAttribute("href", `${LIST}/${INVOICE}/finvoice.xml`);
    expect(card.queryByRole("alert")).not.toBeInTheDocument();

    // The lines are behind their toggle.
    expect(card.queryByText("Virtanen Matti")).not.toBeInTheDocument();
    const toggle = within(row).getByRole("button", { name: "Näytä rivit, lasku 50012" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    const lines = await card.findByRole("table", { name: "Laskun 50012 rivit, 12/2026" });
    const matti = within(lines).getByText("Virtanen Matti").closest("tr") as HTMLElement;
    expect(within(matti).getByText("10023")).toBeInTheDocument();
    expect(within(matti).getByText(/^89,90\s€$/)).toBeInTheDocument();
    expect(within(lines).getByText("Korhonen Liisa")).toBeInTheDocument();
    expect(within(lines).getByText(/^120,00\s€$/)).toBeInTheDocument();
    expect(card.getByText(/^167,25\s€$/)).toBeInTheDocument();
    expect(card.getByText(/^ALV 25,5\s%$/)).toBeInTheDocument();
    expect(card.getByText(/^42,65\s€$/)).toBeInTheDocument();
    expect(card.getByText("5 00126")).toBeInTheDocument();

    const hide = within(row).getByRole("button", { name: "Piilota rivit, lasku 50012" });
    expect(hide).toHaveAttribute("aria-expanded", "true");
    await user.click(hide);
    expect(card.queryByText("Virtanen Matti")).not.toBeInTheDocument();
  });

  it("labels a month's supplementary invoice and credit note and names the invoice each goes with", async () => {
    const user = userEvent.setup();
    const matti = december.lines[0] as TLeaseInvoice["lines"][number];
    const supplementary: TLeaseInvoice = {
      ...december,
      id: "55555555-5555-4555-8555-555555555555",
      invoiceNumber: 50013,
      kind: "SUPPLEMENTARY",
      originalInvoiceNumber: 50012,
      referenceNumber: "500139",
      amountCents: 7163,
      vatCents: 1827,
      totalCents: 8990,
      lines: [{ ...matti, orderNumber: 10044, employeeName: "Laine Outi" }],
    };
    const credit: TLeaseInvoice = {
      ...december,
      id: "66666666-6666-4666-8666-666666666666",
      invoiceNumber: 50014,
      kind: "CREDIT_NOTE",
      originalInvoiceNumber: 50012,
      referenceNumber: "500142",
      amountCents: -7163,
      vatCents: -1827,
      totalCents: -8990,
      lines: [{ ...matti, monthlyPaymentCents: -8990, vatExcludedCents: -7163, vatCents: -1827 }],
    };
    fakeApi({
      [`GET /api/companies/${COMPANY}`]: () => ({ status: 200, body: company() }),
      [`GET ${LIST}?page=1&limit=12`]: page([credit, supplementary, december]),
    });
    renderSection("helpdesk");
    const card = await section();
    const table = await card.findByRole("table", { name: "Laskut" });
    const rowOf = (number: string) => within(table).getByText(number).closest("tr") as HTMLElement;
    expect(within(rowOf("50013")).getByText("Lisälasku")).toBeInTheDocument();
    expect(within(rowOf("50014")).getByText("Hyvityslasku")).toBeInTheDocument();
    expect(within(rowOf("50014")).getByText(/^−89,90\s€$/)).toBeInTheDocument();
    // The month's regular invoice carries no label.
    expect(within(rowOf("50012")).queryByText(/Lisälasku|Hyvityslasku/)).not.toBeInTheDocument();

    await user.click(within(rowOf("50014")).getByRole("button", { name: "Näytä rivit, lasku 50014" }));
    const lines = await card.findByRole("table", { name: "Hyvityslaskun 50014 rivit, 12/2026" });
    expect(within(lines).getByText("Virtanen Matti")).toBeInTheDocument();
    const details = card.getByText("Alkuperäinen lasku").closest("div") as HTMLElement;
    expect(within(details).getByText("50012")).toBeInTheDocument();
  });

  it("says why no e-invoice can be made while the company has no e-invoice address", async () => {
    fakeApi({
      [`GET /api/companies/${COMPANY}`]: () => ({
        status: 200,
        body: company({ eInvoiceAddress: null, eInvoiceOperator: null }),
      }),
      [`GET ${LIST}?page=1&limit=12`]: page([december]),
    });
    renderSection();
    const card = await section();
    const alert = await card.findByRole("alert");
    expect(alert).toHaveTextContent(/ei ole tallennettu verkkolaskuosoitetta ja välittäjätunnusta/);
    expect(alert).toHaveTextContent(/asiakaspalvelu/);
    const table = card.getByRole("table", { name: "Laskut" });
    expect(within(table).queryByRole("link")).not.toBeInTheDocument();
    expect(within(table).getByRole("button", { name: "Lataa verkkolasku" })).toBeDisabled();
  });

  it("tells the helpdesk to fill the missing e-invoice address in on the company's page", async () => {
    fakeApi({
      [`GET /api/companies/${COMPANY}`]: () => ({
        status: 200,
        body: company({ eInvoiceAddress: "003729800052", eInvoiceOperator: null }),
      }),
      [`GET ${LIST}?page=1&limit=12`]: page([december]),
    });
    renderSection("helpdesk");
    const card = await section();
    const alert = await card.findByRole("alert");
    expect(alert).toHaveTextContent(/ei ole tallennettu verkkolaskuosoitetta ja välittäjätunnusta/);
    expect(alert).toHaveTextContent(
      "Lisää yrityksen verkkolaskuosoite ja välittäjätunnus yrityksen tietoihin tällä sivulla.",
    );
    expect(alert).not.toHaveTextContent(/asiakaspalvelu/);
  });

  it("says when the first invoice comes while there is none yet", async () => {
    fakeApi({
      [`GET /api/companies/${COMPANY}`]: () => ({ status: 200, body: company() }),
      [`GET ${LIST}?page=1&limit=12`]: page([]),
    });
    renderSection();
    const card = await section();
    expect(
      await card.findByText(
        "Laskuja ei vielä ole. Lasku muodostuu kuukauden alussa, kun yrityksellä on käynnissä oleva leasingsopimus.",
      ),
    ).toBeInTheDocument();
    expect(card.queryByRole("link")).not.toBeInTheDocument();
  });

  it("pages a longer history 12 invoices at a time", async () => {
    const user = userEvent.setup();
    const older: TLeaseInvoice = {
      ...december,
      id: "44444444-4444-4444-8444-444444444444",
      period: "2025-11",
    };
    const api = fakeApi({
      [`GET /api/companies/${COMPANY}`]: () => ({ status: 200, body: company() }),
      [`GET ${LIST}?page=1&limit=12`]: page([december], { total: 13 }),
      [`GET ${LIST}?page=2&limit=12`]: page([older], { page: 2, total: 13 }),
    });
    renderSection();
    const card = await section();
    expect(await card.findByText("12/2026")).toBeInTheDocument();
    await user.click(card.getByRole("button", { name: "Seuraava sivu" }));
    expect(await card.findByText("11/2025")).toBeInTheDocument();
    expect(api.callsTo("GET", `${LIST}?page=2&limit=12`)).toHaveLength(1);
  });
});
