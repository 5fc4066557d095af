import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "../../../lib/query-client.ts";
import { apiError, fakeApi } from "../../../test/fake-api.ts";
import { renderUi } from "../../../test/render-ui.tsx";
import { setUpMyBikeTests, uuid } from "../test-support.tsx";
import type { TMyPayment } from "./payments-api.ts";
import { amountForBank, MyPaymentsSection } from "./payments-section.tsx";

setUpMyBikeTests();

const BARCODE = "490405500123456760000089000000000000012345678901234260415";

function payment(overrides: Partial<TMyPayment> = {}): TMyPayment {
  return {
    id: uuid(700),
    kind: "OTHER",
    description: "Jälkikäteen ostettu lisävaruste: tavarateline",
    orderId: null,
    orderNumber: null,
    bikeRedemptionId: null,
    insuranceClaimId: null,
    employee: { beneficiaryEmployeeId: uuid(901), name: "Maija Meikäläinen", email: "maija@demo.test" },
    company: { companyId: uuid(900), name: "Demo Oy" },
    amountCents: 8_900,
    paymentMethod: "BATCH",
    paymentStatus: "PENDING",
    referenceNumber: "123456789012345",
    dueDate: "2026-04-15",
    sentAt: "2026-04-01T08:00:00.000Z",
    paidAt: null,
    isUserPaymentDone: false,
    createdAt: "2026-04-01T08:00:00.000Z",
    updatedAt: "2026-04-01T08:00:00.000Z",
    bankTransfer: {
      recipient: "Pedaali Oy",
      iban: "FI90 4055 0012 3456 76",
      bic: "HELSFIHH",
      referenceNumber: "12345 67890 12345",
      amountCents: 8_900,
      dueDate: "2026-04-15",
      virtualBarcode: BARCODE,
    },
    ...overrides,
  };
}

const ownShare = payment({
  id: uuid(701),
  kind: "OWN_SHARE",
  description: null,
  orderId: uuid(1),
  orderNumber: 10042,
  amountCents: 42_000,
  paymentMethod: "PAYROLL",
  dueDate: "2026-05-01",
  bankTransfer: null,
});

const paid = payment({
  id: uuid(702),
  description: "Jälkikäteen ostettu lisävaruste: lokasuojat",
  amountCents: 3_900,
  paymentStatus: "PAID",
  isUserPaymentDone: true,
  paidAt: "2026-03-10T10:00:00.000Z",
  bankTransfer: null,
});

const cancelled = payment({
  id: uuid(703),
  description: "Peruttu maksu",
  paymentStatus: "CANCELLED",
  bankTransfer: null,
});

function renderSection(items: TMyPayment[] | null) {
  fakeApi({
    "GET /api/user-payment": items
      ? { status: 200, body: { items } }
      : apiError(403, "FORBIDDEN", "Access denied"),
  });
  const user = userEvent.setup({ delay: null });
  renderUi(
    <QueryClientProvider client={createQueryClient()}>
      <MyPaymentsSection />
    </QueryClientProvider>,
    { path: "/mybike" },
  );
  return user;
}

describe("the employee's own payments on /mybike", () => {
  it("gives an open invoice's recipient, IBAN, reference number, amount and virtual barcode, each with a copy button", async () => {
    const user = renderSection([payment()]);
    const invoice = await screen.findByRole("article", { name: "Muu maksu" });
    expect(within(invoice).getByText("Jälkikäteen ostettu lisävaruste: tavarateline")).toBeInTheDocument();
    expect(within(invoice).getByText("15.04.2026")).toBeInTheDocument();
    expect(within(invoice).getByText("HELSFIHH")).toBeInTheDocument();

    const copies: [string, string][] = [
      ["Kopioi: Saaja", "Pedaali Oy"],
      ["Kopioi: Tilinumero (IBAN)", "FI9040550012345676"],
      ["Kopioi: Viitenumero", "123456789012345"],
      ["Kopioi: Summa", "89,00"],
      ["Kopioi: Virtuaaliviivakoodi", BARCODE],
    ];
    for (const [name, copied] of copies) {
      await user.click(within(invoice).getByRole("button", { name }));
      await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(copied));
    }
    // The button says it copied, in its name too.
    expect(within(invoice).getByRole("button", { name: "Kopioitu: Virtuaaliviivakoodi" })).toHaveTextContent(
      "Kopioitu",
    );
    // The formatted values are what the employee reads.
    expect(within(invoice).getByText("FI90 4055 0012 3456 76")).toBeInTheDocument();
    expect(within(invoice).getByText("12345 67890 12345")).toBeInTheDocument();
    expect(within(invoice).getAllByText(/89,00\s€/).length).toBeGreaterThan(0);
  });

  it("names the month whose net pay a payroll deduction comes from, and asks nothing of the employee", async () => {
    renderSection([ownShare]);
    const share = await screen.findByRole("article", { name: "Enimmäishinnan ylittävä osuus" });
    expect(within(share).getByText(/Vähennetään toukokuun 2026 nettopalkastasi\./)).toBeInTheDocument();
    // Its kind is the title; below it only the order, once.
    expect(within(share).getByText("tilaus 10042")).toBeInTheDocument();
    expect(within(share).queryByRole("button")).not.toBeInTheDocument();
  });

  it("lists the open payments first, the paid ones below, and leaves out cancelled ones", async () => {
    renderSection([payment(), paid, cancelled, ownShare]);
    expect(await screen.findByRole("heading", { name: "Maksettavat" })).toBeInTheDocument();
    // The earliest due first.
    const titles = screen.getAllByRole("article").map((a) => a.getAttribute("aria-label"));
    expect(titles).toEqual(["Muu maksu", "Enimmäishinnan ylittävä osuus"]);
    const table = screen.getByRole("table", { name: "Maksetut" });
    expect(within(table).getByText("Jälkikäteen ostettu lisävaruste: lokasuojat")).toBeInTheDocument();
    expect(within(table).getByText("10.03.2026")).toBeInTheDocument();
    expect(screen.queryByText("Peruttu maksu")).not.toBeInTheDocument();
  });

  it("says so when nothing is owed, with the paid ones still listed", async () => {
    renderSection([paid]);
    expect(await screen.findByText("Sinulla ei ole nyt maksettavaa.")).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Maksetut" })).toBeInTheDocument();
  });

  it("says when the payments could not be read, and offers to try again", async () => {
    renderSection(null);
    expect(await screen.findByText("Maksujasi ei saatu ladattua.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Yritä uudelleen" })).toBeInTheDocument();
  });

  it("copies the amount as a bank's form takes it", () => {
    expect(amountForBank(8_900)).toBe("89,00");
    expect(amountForBank(123_456_78)).toBe("123456,78");
    expect(amountForBank(5)).toBe("0,05");
  });
});
