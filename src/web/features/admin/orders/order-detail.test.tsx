import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiError } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { loadTexts } from "../../../test/render-ui.tsx";
import {
  AGREEMENT_ID,
  api,
  INVOICE_ID,
  invoice,
  ORDER_ID,
  order,
  PAUSE_OR_CANCEL,
  renderTab,
} from "./test-kit.tsx";

beforeAll(async () => {
  await loadTexts("fi");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const DETAIL = `/admin/hakemukset/tilaus/${ORDER_ID}`;
const SIGNED_AGREEMENT = order().agreement as NonNullable<ReturnType<typeof order>["agreement"]>;
const GET_ORDER = `GET /api/orders/${ORDER_ID}`;
/** An order waiting for the store's package, as the server answers the helpdesk. */
const pending = order({
  orderStatus: "PENDING",
  waitingOn: "BIKE_STORE",
  allowedActions: ["REQUEST_CANCELLATION", "PACKAGE_LINK"],
  allowedMoves: PAUSE_OR_CANCEL,
});

async function actions() {
  return screen.findByRole("region", { name: "Toimenpiteet" });
}

describe("an order's page in Hakemukset", () => {
  it("shows the order, whom it waits for, its package, agreement and event log, and returns to the queue", async () => {
    api({ [GET_ORDER]: { status: 200, body: order() } });
    renderTab(DETAIL);
    expect(await screen.findByRole("heading", { name: "Tilaus 1042" })).toBeInTheDocument();
    expect(screen.getAllByText(/Odottaa:/)[0]).toHaveTextContent(
      /Odottaa: Asiakaspalvelu · .*\(22\.11\.2026 10:00\)/,
    );
    expect(screen.getByText("Aino Virtanen (aino@kallionkahvila.fi)")).toBeInTheDocument();
    const pkg = screen.getByRole("table", { name: "Pyöräpaketti" });
    expect(within(pkg).getByText("Tunturi eC8")).toBeInTheDocument();
    expect(within(pkg).getByText(/2\s?499,00\s€/)).toBeInTheDocument();
    expect(screen.getByText("36 kk")).toBeInTheDocument();
    expect(screen.getByText("Sitoutunut 1.1.2026 tai myöhemmin")).toBeInTheDocument();
    expect(screen.getByText("Veronalainen luontoisetu")).toBeInTheDocument();
    // The event log, newest first, with who did it.
    const log = screen.getByRole("region", { name: "Tapahtumaloki" });
    const entries = within(log).getAllByRole("listitem");
    expect(entries[0]).toHaveTextContent(/Tilaus vahvistettu.*Järjestelmä/);
    expect(entries[1]).toHaveTextContent(/Aino Virtanen/);
    expect(screen.getByRole("link", { name: "← Tilausjonoon" })).toHaveAttribute("href", "/admin/hakemukset");
  });

  it("says a 2025 commitment's lease starting 14.1.2026 is taxable, in the employee's words, and never tax-free", async () => {
    const agreement = {
      ...SIGNED_AGREEMENT,
      status: "ACCEPTED" as const,
      commitmentDate: "2025-11-03",
      startDate: "2026-01-14",
      taxRegime: "EXEMPT_2025_ONLY" as const,
      tax: { kind: "TAXABLE" as const, taxFreeUntil: null, taxableFrom: null },
    };
    api({ [GET_ORDER]: { status: 200, body: order({ agreement }) } });
    renderTab(DETAIL);
    expect(await screen.findByText("Veronalainen luontoisetu")).toBeInTheDocument();
    expect(screen.getByText("Sitoutunut 24.4.–31.12.2025")).toBeInTheDocument();
    expect(screen.queryByText(/Verovapaa/)).not.toBeInTheDocument();
  });

  it("sends a signed agreement to the leasing company after asking, then refreshes and says so", async () => {
    let sent = false;
    const replies = api({
      [GET_ORDER]: () => ({
        status: 200,
        body: sent
          ? order({
              agreement: { ...SIGNED_AGREEMENT, status: "PENDING" },
              allowedActions: ["REQUEST_CANCELLATION", "RECORD_LEASING_DECISION", "SYNC_LEASING_DECISIONS"],
            })
          : order(),
      }),
      [`POST /api/orders/${ORDER_ID}/send-to-leasing-company`]: () => {
        sent = true;
        return { status: 200, body: order() };
      },
      // The server answers the recorded decision's id.
      [`POST /api/leasing-agreements/${AGREEMENT_ID}/decision`]: {
        status: 202,
        body: { id: "d1d1d1d1-d1d1-4d1d-8d1d-d1d1d1d1d1d1" },
      },
    });
    const { user } = renderTab(DETAIL);
    const section = await actions();
    expect(within(section).queryByRole("button", { name: "Käsittele tilaus" })).not.toBeInTheDocument();
    await user.click(within(section).getByRole("button", { name: "Lähetä rahoitusyhtiölle" }));
    const dialog = await screen.findByRole("dialog", { name: "Lähetetäänkö sopimus rahoitusyhtiölle?" });
    await user.click(within(dialog).getByRole("button", { name: "Lähetä rahoitusyhtiölle" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(replies.callsTo("POST", `/api/orders/${ORDER_ID}/send-to-leasing-company`)).toHaveLength(1);

    // Refreshed: the agreement waits for the decision, which the admin records.
    await user.click(await within(section).findByRole("button", { name: "Kirjaa rahoitusyhtiön päätös" }));
    const decision = await screen.findByRole("dialog", { name: "Rahoitusyhtiön päätös" });
    await user.click(within(decision).getByRole("button", { name: "Kirjaa päätös" }));
    expect(await within(decision).findByText("Kirjoita rahoitusyhtiön sopimusnumero.")).toBeInTheDocument();
    await fillIn(user, within(decision).getByLabelText(/Sopimusnumero/), "GR-2026-001");
    await user.click(within(decision).getByRole("button", { name: "Kirjaa päätös" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(replies.callsTo("POST", `/api/leasing-agreements/${AGREEMENT_ID}/decision`)[0]?.body).toEqual({
      decision: "ACCEPTED",
      agreementNumber: "GR-2026-001",
    });
  });

  it("offers per status only what the status allows", async () => {
    api({
      [GET_ORDER]: {
        status: 200,
        body: order({ orderStatus: "READY_FOR_BILLING", waitingOn: "HELPDESK", allowedActions: ["BILL"] }),
      },
    });
    const { user } = renderTab(DETAIL);
    const section = await actions();
    const labels = within(section)
      .getAllByRole("button")
      .map((button) => button.textContent);
    expect(labels).toEqual([
      "Laskuta rahoitusyhtiötä",
      "Pyydä asiakkaalta vastausta",
      "Merkitse erityistapaukseksi",
      "Peru tilaus",
    ]);
    void user;
  });

  it("resumes an order from the customer's comment to where it came from", async () => {
    const replies = api({
      [GET_ORDER]: {
        status: 200,
        body: order({
          orderStatus: "WAITING_FOR_CUSTOMER_COMMENT",
          previousStatus: "PACKAGE_PROVIDED",
          allowedActions: [],
          allowedMoves: ["PACKAGE_PROVIDED", "CANCELLED", "CASE_X"],
        }),
      },
      [`POST /api/orders/${ORDER_ID}/status`]: { status: 200, body: order() },
    });
    const { user } = renderTab(DETAIL);
    await user.click(within(await actions()).getByRole("button", { name: "Jatka tilausta" }));
    const dialog = await screen.findByRole("dialog", { name: "Jatketaanko tilausta?" });
    expect(within(dialog).getByText("Tilaus palaa tilaan Pyöräpaketti valmis.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Jatka tilausta" }));
    await waitFor(() => expect(replies.callsTo("POST", `/api/orders/${ORDER_ID}/status`)).toHaveLength(1));
    expect(replies.callsTo("POST", `/api/orders/${ORDER_ID}/status`)[0]?.body).toEqual({
      to: "PACKAGE_PROVIDED",
    });
  });

  it("asks the customer a question, named as such, and shows the answer above the actions and in the log", async () => {
    const asked = order({
      orderStatus: "WAITING_FOR_CUSTOMER_COMMENT",
      previousStatus: "PACKAGE_PROVIDED",
      waitingOn: "HELPDESK",
      allowedActions: [],
      allowedMoves: ["PACKAGE_PROVIDED", "CANCELLED", "CASE_X"],
      customerQuestion: {
        question: "Toimitetaanko 54 cm runko?",
        askedAt: "2026-11-22T09:00:00.000Z",
        answer: "Kyllä, 54 cm käy.",
        answeredAt: "2026-11-22T11:00:00.000Z",
      },
      events: [
        ...order().events,
        {
          id: "ee000000-0000-4000-8000-000000000003",
          type: "ORDER_STATUS_UPDATED",
          from: "PACKAGE_PROVIDED",
          to: "WAITING_FOR_CUSTOMER_COMMENT",
          by: "user",
          actorName: "Hanna Helpdesk",
          message: "Toimitetaanko 54 cm runko?",
          createdAt: "2026-11-22T09:00:00.000Z",
        },
        {
          id: "ee000000-0000-4000-8000-000000000004",
          type: "ORDER_CUSTOMER_ANSWERED",
          from: null,
          to: null,
          by: "user",
          actorName: "Aino Virtanen",
          message: "Kyllä, 54 cm käy.",
          createdAt: "2026-11-22T11:00:00.000Z",
        },
      ],
    });
    api({ [GET_ORDER]: { status: 200, body: asked } });
    renderTab(DETAIL);
    const question = await screen.findByRole("alert", { name: "Kysymys asiakkaalle" });
    expect(question).toHaveTextContent("Toimitetaanko 54 cm runko?");
    expect(question).toHaveTextContent(/Asiakas vastasi 22\.11\.2026.*Kyllä, 54 cm käy\./);
    const log = screen.getByRole("region", { name: "Tapahtumaloki" });
    const entries = within(log).getAllByRole("listitem");
    expect(entries[0]).toHaveTextContent(/Asiakas vastasi asiakaspalvelun kysymykseen.*Kyllä, 54 cm käy\./);
    expect(entries[1]).toHaveTextContent("Toimitetaanko 54 cm runko?");
  });

  it("names the note of asking the customer the question the customer reads", async () => {
    const replies = api({
      [GET_ORDER]: { status: 200, body: pending },
      [`POST /api/orders/${ORDER_ID}/status`]: { status: 200, body: pending },
    });
    const { user } = renderTab(DETAIL);
    await user.click(within(await actions()).getByRole("button", { name: "Pyydä asiakkaalta vastausta" }));
    const dialog = await screen.findByRole("dialog", { name: "Pyydetäänkö asiakkaalta vastausta?" });
    await user.click(within(dialog).getByRole("button", { name: "Pyydä asiakkaalta vastausta" }));
    expect(await within(dialog).findByText("Kirjoita kysymys.")).toBeInTheDocument();
    await fillIn(user, within(dialog).getByLabelText(/Kysymys asiakkaalle/), "Toimitetaanko 54 cm runko?");
    await user.click(within(dialog).getByRole("button", { name: "Pyydä asiakkaalta vastausta" }));
    await waitFor(() => expect(replies.callsTo("POST", `/api/orders/${ORDER_ID}/status`)).toHaveLength(1));
    expect(replies.callsTo("POST", `/api/orders/${ORDER_ID}/status`)[0]?.body).toEqual({
      to: "WAITING_FOR_CUSTOMER_COMMENT",
      note: "Toimitetaanko 54 cm runko?",
    });
  });

  it("cancels only with a reason, and shows a refusal by its translated code in the dialog", async () => {
    const replies = api({
      [GET_ORDER]: { status: 200, body: pending },
      [`POST /api/orders/${ORDER_ID}/status`]: apiError(409, "ORDER_TRANSITION_NOT_ALLOWED", "Not allowed"),
    });
    const { user } = renderTab(DETAIL);
    await user.click(within(await actions()).getByRole("button", { name: "Peru tilaus" }));
    const dialog = await screen.findByRole("dialog", { name: "Perutaanko tilaus?" });
    await user.click(within(dialog).getByRole("button", { name: "Peru tilaus" }));
    expect(await within(dialog).findByText("Kirjoita viesti.")).toBeInTheDocument();
    expect(replies.callsTo("POST", `/api/orders/${ORDER_ID}/status`)).toHaveLength(0);
    await fillIn(user, within(dialog).getByLabelText(/Viesti/), "Työntekijä lopetti.");
    await user.click(within(dialog).getByRole("button", { name: "Peru tilaus" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/Tilauksen tila on muuttunut/);
    expect(replies.callsTo("POST", `/api/orders/${ORDER_ID}/status`)[0]?.body).toEqual({
      to: "CANCELLED",
      note: "Työntekijä lopetti.",
    });
  });

  it("re-sends the store's package link and shows it to copy", async () => {
    const replies = api({
      [GET_ORDER]: { status: 200, body: pending },
      [`POST /api/orders/${ORDER_ID}/store-link`]: {
        status: 200,
        body: {
          url: "https://pedaali.test/pyoraliike/paketti/abc",
          expiresAt: "2026-12-22T08:00:00.000Z",
          mailed: true,
        },
      },
    });
    const { user } = renderTab(DETAIL);
    await user.click(
      within(await actions()).getByRole("button", { name: "Lähetä liikkeelle pakettilinkki uudelleen" }),
    );
    expect(await screen.findByTestId("store-link-url")).toHaveTextContent(
      "https://pedaali.test/pyoraliike/paketti/abc",
    );
    expect(screen.getByRole("button", { name: "Kopioi linkki" })).toBeInTheDocument();
    expect(replies.callsTo("POST", `/api/orders/${ORDER_ID}/store-link`)[0]?.body).toEqual({
      kind: "package",
    });
  });

  it("adds the store's invoice in cents and matches it", async () => {
    const waiting = order({
      orderStatus: "WAITING_FOR_INVOICE_MATCH",
      invoices: [invoice()],
      allowedActions: ["REQUEST_CANCELLATION", "MATCH_INVOICE"],
    });
    const replies = api({
      [GET_ORDER]: { status: 200, body: waiting },
      // The recorded invoice, as the API answers it.
      "POST /api/invoices": {
        status: 201,
        body: {
          id: "1e1e1e1e-1e1e-4e1e-8e1e-1e1e1e1e1e12",
          invoiceNumber: "KP-78",
          status: "RECEIVED",
          payerType: "PEDAALI",
          companyId: null,
          orderId: ORDER_ID,
          orderNumber: 1042,
          bikeStoreId: null,
          leasingCompanyId: null,
          description: null,
          amountCents: 199_124,
          vatCents: 50_776,
          totalCents: 249_900,
          paidAmountCents: 0,
          referenceNumber: null,
          issueDate: "2026-11-25",
          dueDate: null,
          sentAt: null,
          paidAt: null,
          createdAt: "2026-11-25T09:00:00.000Z",
          updatedAt: "2026-11-25T09:00:00.000Z",
        },
      },
      [`POST /api/invoices/${INVOICE_ID}/match`]: apiError(409, "INVOICE_TOTAL_MISMATCH", "Totals differ"),
    });
    const { user } = renderTab(DETAIL);
    await user.click(within(await actions()).getByRole("button", { name: "Lisää liikkeen lasku" }));
    const dialog = await screen.findByRole("dialog", { name: "Pyöräliikkeen lasku" });
    await fillIn(user, within(dialog).getByLabelText(/Laskun numero/), "KP-78");
    await fillIn(user, within(dialog).getByLabelText(/Summa ilman ALV/), "1 991,24");
    await fillIn(user, within(dialog).getByLabelText(/^ALV/), "507,76");
    await fillIn(user, within(dialog).getByLabelText(/Laskun päiväys/), "2026-11-25");
    await user.click(within(dialog).getByRole("button", { name: "Lisää lasku" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(replies.callsTo("POST", "/api/invoices")[0]?.body).toEqual({
      orderId: ORDER_ID,
      invoiceNumber: "KP-78",
      amountCents: 199_124,
      vatCents: 50_776,
      issueDate: "2026-11-25",
    });

    // Matching cannot be undone: it is asked first, and a refusal is read in the dialog.
    await user.click(screen.getByRole("button", { name: "Täsmäytä lasku KP-77" }));
    const asked = within(await screen.findByRole("dialog", { name: "Täsmäytetäänkö lasku KP-77?" }));
    expect(replies.callsTo("POST", `/api/invoices/${INVOICE_ID}/match`)).toHaveLength(0);
    await user.click(asked.getByRole("button", { name: "Täsmäytä lasku KP-77" }));
    expect(await asked.findByText("Laskun summa ei vastaa tilauksen summaa.")).toBeInTheDocument();
  });

  it("offers our bill's e-invoice as a download where the server says it is one, and nowhere else", async () => {
    const billId = "1e1e1e1e-1e1e-4e1e-8e1e-1e1e1e1e1e13";
    const billed = order({
      orderStatus: "GRENKE_INVOICE_SENT",
      invoices: [
        invoice({ status: "VERIFIED" }),
        invoice({
          id: billId,
          invoiceNumber: "PED-L-1042",
          payerType: "GRENKE",
          sender: "PEDAALI",
          status: "SENT",
          eInvoice: true,
        }),
      ],
    });
    api({ [GET_ORDER]: { status: 200, body: billed } });
    renderTab(DETAIL);
    const download = await screen.findByRole("link", {
      name: "Lataa laskun PED-L-1042 verkkolasku (Finvoice)",
    });
    expect(download).toHaveAttribute("href", `/api/invoices/${billId}/finvoice.xml`);
    expect(download).toHaveTextContent("Lataa verkkolasku (Finvoice)");
    expect(screen.getAllByRole("link", { name: /verkkolasku/ })).toHaveLength(1);
  });

  it("labels each bill by who sent it, not by who pays it", async () => {
    // Pedaali Oy as the lessor pays our bill as PEDAALI, as we pay a store's purchase invoice.
    const billed = order({
      orderStatus: "GRENKE_INVOICE_SENT",
      allowedActions: ["REQUEST_CANCELLATION", "MATCH_INVOICE"],
      invoices: [
        invoice({ status: "VERIFIED" }),
        invoice({
          id: "1e1e1e1e-1e1e-4e1e-8e1e-1e1e1e1e1e13",
          invoiceNumber: "PED-L-1042",
          payerType: "PEDAALI",
          sender: "PEDAALI",
          status: "RECEIVED",
        }),
        invoice({
          id: "1e1e1e1e-1e1e-4e1e-8e1e-1e1e1e1e1e14",
          invoiceNumber: "PED-R-1042",
          payerType: "PEDAALI",
          sender: "LEASING_COMPANY",
          status: "RECEIVED",
        }),
      ],
    });
    api({ [GET_ORDER]: { status: 200, body: billed } });
    renderTab(DETAIL);
    const row = async (number: string) => (await screen.findByText(number)).closest("tr") as HTMLElement;
    expect(await row("KP-77")).toHaveTextContent("Pyöräliikkeeltä");
    expect(await row("PED-L-1042")).toHaveTextContent("Pedaalilta rahoitusyhtiölle");
    expect(await row("PED-L-1042")).not.toHaveTextContent("Pyöräliikkeeltä");
    expect(await row("PED-R-1042")).toHaveTextContent("Rahoitusyhtiöltä");
    // Only a store's purchase invoice is matched to the order.
    expect(within(await row("PED-L-1042")).queryByRole("button")).not.toBeInTheDocument();
    expect(within(await row("PED-R-1042")).queryByRole("button")).not.toBeInTheDocument();
  });

  it("shows no e-invoice column while no invoice of the order is one", async () => {
    api({ [GET_ORDER]: { status: 200, body: order({ invoices: [invoice()] }) } });
    renderTab(DETAIL);
    expect(await screen.findByText("KP-77")).toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: "Verkkolasku" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /verkkolasku/ })).not.toBeInTheDocument();
  });

  it("says when the order does not exist", async () => {
    api({ [GET_ORDER]: apiError(404, "NOT_FOUND", "Not found") });
    renderTab(DETAIL);
    expect(await screen.findByText(/Tilausta ei löytynyt/)).toBeInTheDocument();
  });
});
