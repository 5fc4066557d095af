import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api.ts";
import { noStorePayouts, storePayable, storePayouts } from "../../test/store-payouts.ts";
import { ok, renderScreen, setUpStoreLinkTests } from "../store-links/test-support.tsx";
import { StoreAccountPage } from "./store-account-page.tsx";

setUpStoreLinkTests();

const FIRST = "/api/store/payouts?page=1&limit=20";
const SECOND = "/api/store/payouts?page=2&limit=20";
const TAB = "/pyoraliike?valilehti=tilitykset";

/** The row of a table that holds the text. */
function rowOf(table: HTMLElement, text: string): HTMLElement {
  return within(table).getByText(text).closest("tr") as HTMLElement;
}

describe("the bike store's payouts", () => {
  it("says what happens next while nothing is payable yet", async () => {
    fakeApi({ [`GET ${FIRST}`]: ok(noStorePayouts()) });
    renderScreen(<StoreAccountPage />, TAB);
    expect(
      await screen.findByText(/Kun Pedaali täsmäyttää liikkeen ostolaskun tilaukseen/),
    ).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Tilitykset" })).toHaveAttribute("aria-selected", "true");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows what is still open, the batches that paid the store, and each order's payable, a page at a time", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      [`GET ${FIRST}`]: ok(storePayouts(25)),
      [`GET ${SECOND}`]: ok({
        ...storePayouts(25),
        payables: { ...storePayouts(25).payables, items: [storePayable(3, { orderNumber: 9_999 })], page: 2 },
      }),
    });
    renderScreen(<StoreAccountPage />, TAB);
    expect(await screen.findByText(/Vielä maksamatta 1 tilausta, yhteensä 1\s920,32\s€/)).toBeInTheDocument();

    const batch = rowOf(screen.getByRole("table", { name: "Tilitykset" }), "1007");
    expect(within(batch).getByText("Maksettu")).toBeInTheDocument();
    expect(within(batch).getByText("20.11.2026")).toBeInTheDocument();
    expect(within(batch).getByText("21.11.2026")).toBeInTheDocument();

    const payables = screen.getByRole("table", { name: "Maksettavat tilauksittain" });
    const open = rowOf(payables, "#10041");
    expect(within(open).getByText("Demo Oy")).toBeInTheDocument();
    expect(within(open).getByText("Avoin")).toBeInTheDocument();
    // The commission and the price it was taken of: the price without VAT, never the VAT.
    expect(within(open).getByText(/79,68\s€/)).toBeInTheDocument();
    expect(within(open).getByText(/^5\s%\ssummasta 1\s593,63\s€ \(veroton hinta\)$/)).toBeInTheDocument();
    const paid = rowOf(payables, "#10001");
    expect(within(paid).getByText("Toinen Oy")).toBeInTheDocument();
    expect(within(paid).getByText("1007")).toBeInTheDocument();
    // No commission agreed: no base to show.
    expect(within(paid).queryByText(/veroton hinta/)).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Seuraava sivu" }));
    expect(await screen.findByText("#9999")).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo("GET", SECOND)).toHaveLength(1));
  });
});
