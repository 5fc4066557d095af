import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, fakeApi } from "../../test/fake-api.ts";
import { fillIn } from "../../test/fill-in.ts";
import type { TMyOrder } from "./mybike-api.ts";
import {
  baseRoutes,
  ORDER_ID,
  offer,
  ok,
  order,
  PACKAGE_VERSION,
  packageOrder,
  renderMyBike,
  setUpMyBikeTests,
  uuid,
} from "./test-support.tsx";

setUpMyBikeTests();

const OFFER = `/api/orders/${ORDER_ID}/offer`;
/** An accessible name as read, whatever spaces the money format puts in it. */
const named = (text: string | RegExp) => (name: string) => {
  const read = name.replace(/\s/g, " ");
  return typeof text === "string" ? read === text : text.test(read);
};

function signingOrder(overrides: Partial<TMyOrder> = {}): TMyOrder {
  return packageOrder({
    orderStatus: "ALL_INFO_PROVIDED",
    waitingOn: "EMPLOYEE",
    leaseTimeMonths: 36,
    monthlyPaymentCents: 10_450,
    agreement: {
      id: uuid(600),
      status: null,
      leaseTimeMonths: 36,
      monthlyPaymentCents: 10_450,
      commitmentDate: null,
      startDate: null,
      endDate: null,
      leaseEndsOn: null,
      taxRegime: null,
      tax: { kind: "UNKNOWN", taxFreeUntil: null, taxableFrom: null },
      signedAt: null,
      signedDocumentId: null,
    },
    ...overrides,
  });
}

describe("accepting the bike package", () => {
  it("shows the package, what the employee pays above the max price, and asks the offer again for another lease period", async () => {
    const user = userEvent.setup({ delay: null });
    let accepted = false;
    const api = fakeApi({
      ...baseRoutes([packageOrder()]),
      "GET /api/orders/my": () => ok({ items: [accepted ? signingOrder() : packageOrder()] }),
      [`GET ${OFFER}`]: ok(offer(36, 10_450)),
      [`GET ${OFFER}?leaseTimeMonths=24`]: ok(offer(24, 15_120)),
      [`POST /api/orders/${ORDER_ID}/accept`]: () => {
        accepted = true;
        return ok(signingOrder({ leaseTimeMonths: 24 }));
      },
    });
    renderMyBike();
    const table = await screen.findByRole("table", { name: "Pyöräpaketti" });
    const rows = within(table).getAllByRole("row");
    expect(rows[1]).toHaveTextContent("Sähköpyörä (Helkama, E3, 2026, M)");
    expect(rows[1]).toHaveTextContent("3 300,00 €");
    expect(within(table).getByText("3 420,00 €")).toBeInTheDocument();
    expect(await screen.findByTestId("user-payment")).toHaveTextContent(
      "Paketti maksaa 3 420,00 €, ja enimmäishintasi on 3 000,00 €. Erotuksen 420,00 € maksat itse kerran",
    );
    expect((await screen.findAllByText("104,50 €")).length).toBeGreaterThan(0);

    const period = screen.getByLabelText(/^Vuokrakausi/, { selector: "input" });
    expect(period).toHaveValue("36 kk");
    await user.click(period);
    await user.click(await screen.findByRole("option", { name: "24 kk" }));
    await waitFor(() => expect(api.callsTo("GET", `${OFFER}?leaseTimeMonths=24`)).toHaveLength(1));
    expect((await screen.findAllByText("151,20 €")).length).toBeGreaterThan(0);

    // Above the max price: accepted once the employee confirms the difference they pay themselves.
    await user.click(
      screen.getByRole("checkbox", { name: named(/Vahvistan, että maksan erotuksen 420,00 €/) }),
    );
    await user.click(screen.getByRole("button", { name: "Hyväksy paketti" }));
    await waitFor(() => expect(api.callsTo("POST", `/api/orders/${ORDER_ID}/accept`)).toHaveLength(1));
    expect(api.callsTo("POST", `/api/orders/${ORDER_ID}/accept`)[0]?.body).toEqual({
      leaseTimeMonths: 24,
      packageVersion: PACKAGE_VERSION,
      overMaxPriceConfirmed: true,
    });
    // Accepted: the agreement is next.
    expect(await screen.findByRole("button", { name: "Lähetä vahvistuskoodi" })).toBeInTheDocument();
  });

  it("says so when the store changed the package meanwhile, shows the new package and figures, and accepts those", async () => {
    const user = userEvent.setup({ delay: null });
    const ACCEPT = `/api/orders/${ORDER_ID}/accept`;
    const newVersion = "b".repeat(64);
    const bigger = packageOrder({
      totalPriceCents: 440_000,
      userPaymentCents: 140_000,
      items: [
        {
          ...(packageOrder().items[0] as TMyOrder["items"][number]),
          name: "Tavarapyörä",
          unitPriceCents: 440_000,
          discountCents: 0,
          lineTotalCents: 440_000,
        },
      ],
    });
    let current = packageOrder();
    let currentOffer = offer(36, 10_450);
    let accepted = false;
    const api = fakeApi({
      ...baseRoutes([]),
      "GET /api/orders/my": () => ok({ items: [accepted ? signingOrder() : current] }),
      [`GET ${OFFER}`]: () => ok(currentOffer),
      [`POST ${ACCEPT}`]: (body) => {
        if ((body as { packageVersion: string }).packageVersion !== currentOffer.packageVersion)
          return apiError(409, "OFFER_CHANGED", "The bike store has changed the package");
        accepted = true;
        return ok(signingOrder());
      },
    });
    renderMyBike();
    expect((await screen.findAllByText("104,50 €")).length).toBeGreaterThan(0);

    // The store replaces the package while the employee looks at the offer.
    current = bigger;
    currentOffer = offer(36, 16_499, {
      totalPriceCents: 440_000,
      userPaymentCents: 140_000,
      items: bigger.items,
      packageVersion: newVersion,
    });
    await user.click(screen.getByRole("checkbox", { name: named(/Vahvistan, että maksan erotuksen/) }));
    await user.click(screen.getByRole("button", { name: "Hyväksy paketti" }));
    expect(await screen.findByText(/Pyöräliike on muuttanut pyöräpakettia/)).toBeInTheDocument();
    expect(api.callsTo("POST", ACCEPT)[0]?.body).toEqual({
      leaseTimeMonths: 36,
      packageVersion: PACKAGE_VERSION,
      overMaxPriceConfirmed: true,
    });
    // The offer is read again: the new package and its figures show, nothing is accepted yet.
    expect((await screen.findAllByText("164,99 €")).length).toBeGreaterThan(0);
    const table = screen.getByRole("table", { name: "Pyöräpaketti" });
    expect(within(table).getByText(/Tavarapyörä/)).toBeInTheDocument();
    expect(within(table).getAllByText("4 400,00 €").length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: "Lähetä vahvistuskoodi" })).not.toBeInTheDocument();

    // The new difference is confirmed anew, and accepting again names the package now shown.
    expect(screen.getByRole("button", { name: "Hyväksy paketti" })).toBeDisabled();
    await user.click(
      screen.getByRole("checkbox", { name: named(/Vahvistan, että maksan erotuksen 1 400,00 €/) }),
    );
    await user.click(screen.getByRole("button", { name: "Hyväksy paketti" }));
    await waitFor(() => expect(api.callsTo("POST", ACCEPT)).toHaveLength(2));
    expect(api.callsTo("POST", ACCEPT)[1]?.body).toEqual({
      leaseTimeMonths: 36,
      packageVersion: newVersion,
      overMaxPriceConfirmed: true,
    });
    expect(await screen.findByRole("button", { name: "Lähetä vahvistuskoodi" })).toBeInTheDocument();
  });
});

describe("a package above the max price", () => {
  it("shows the max price and the difference a month and in total, and accepts only once confirmed for the figures shown", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      ...baseRoutes([packageOrder()]),
      [`GET ${OFFER}`]: ok(offer(36, 10_450)),
      [`GET ${OFFER}?leaseTimeMonths=24`]: ok(offer(24, 15_120)),
      [`POST /api/orders/${ORDER_ID}/accept`]: () => ok(signingOrder()),
    });
    renderMyBike();
    const alert = await screen.findByTestId("user-payment");
    await waitFor(
      () =>
        expect(alert).toHaveTextContent(
          "Paketti maksaa 3 420,00 €, ja enimmäishintasi on 3 000,00 €. Erotuksen 420,00 € maksat itse kerran, kun tilaus on vahvistettu. Kuukausierä 104,50 € lasketaan enimmäishinnan mukaan, joten erotus ei nosta sitä: erotus kuukaudessa on 0,00 € ja yhteensä 420,00 €.",
        ),
      { timeout: 5_000 },
    );
    const acceptButton = screen.getByRole("button", { name: "Hyväksy paketti" });
    expect(acceptButton).toBeDisabled();
    const confirm = screen.getByRole("checkbox", {
      name: named("Vahvistan, että maksan erotuksen 420,00 € itse kuukausierän 104,50 € lisäksi."),
    });
    await user.click(confirm);
    expect(acceptButton).toBeEnabled();

    // Another period is another monthly payment: the confirmation is asked again.
    await user.click(screen.getByLabelText(/^Vuokrakausi/, { selector: "input" }));
    await user.click(await screen.findByRole("option", { name: "24 kk" }));
    const again = await screen.findByRole("checkbox", { name: named(/kuukausierän 151,20 € lisäksi/) });
    expect(again).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Hyväksy paketti" })).toBeDisabled();
    expect(api.callsTo("POST", `/api/orders/${ORDER_ID}/accept`)).toEqual([]);
  });

  it("needs no confirmation within the max price, and the acceptance does not claim one", async () => {
    const user = userEvent.setup({ delay: null });
    const withinMax = packageOrder({ totalPriceCents: 300_000, userPaymentCents: 0 });
    const api = fakeApi({
      ...baseRoutes([withinMax]),
      [`GET ${OFFER}`]: ok(offer(36, 9_123, { totalPriceCents: 300_000, userPaymentCents: 0 })),
      [`POST /api/orders/${ORDER_ID}/accept`]: () => ok(signingOrder()),
    });
    renderMyBike();
    // The offer's figures: on a busy machine they take longer than a find's usual second.
    expect((await screen.findAllByText("91,23 €", {}, { timeout: 5_000 })).length).toBeGreaterThan(0);
    expect(screen.queryByTestId("user-payment")).not.toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Hyväksy paketti" }));
    await waitFor(() => expect(api.callsTo("POST", `/api/orders/${ORDER_ID}/accept`)).toHaveLength(1));
    expect(api.callsTo("POST", `/api/orders/${ORDER_ID}/accept`)[0]?.body).toEqual({
      leaseTimeMonths: 36,
      packageVersion: PACKAGE_VERSION,
    });
  });
});

describe("signing the leasing agreement", () => {
  it("sends a code, refuses a wrong one, and after the signature says the employer's approval is still missing", async () => {
    const user = userEvent.setup({ delay: null });
    let codes = 0;
    let signReply = apiError(400, "VERIFICATION_FAILED", "Wrong code");
    let current = signingOrder();
    const api = fakeApi({
      ...baseRoutes([]),
      "GET /api/orders/my": () => ok({ items: [current] }),
      [`POST /api/orders/${ORDER_ID}/sign/code`]: () => {
        codes++;
        return ok({ phoneNumberHint: "+35840•••••67", expiresInSeconds: 300 });
      },
      [`POST /api/orders/${ORDER_ID}/sign`]: () => {
        if (signReply.status === 200) current = signReply.body as TMyOrder;
        return signReply;
      },
    });
    renderMyBike();
    expect(await screen.findByRole("link", { name: "Avaa leasingsopimus (PDF)" })).toHaveAttribute(
      "href",
      `/api/orders/${ORDER_ID}/agreement.pdf`,
    );
    await user.click(screen.getByRole("button", { name: "Lähetä vahvistuskoodi" }));
    const code = await screen.findByLabelText(/^Vahvistuskoodi/);
    expect(codes).toBe(1);

    // Not six digits: refused here, nothing sent.
    await fillIn(user, code, "12a");
    await user.click(screen.getByRole("button", { name: "Allekirjoita leasingsopimus" }));
    expect(await screen.findByText("Anna 6-numeroinen vahvistuskoodi")).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/orders/${ORDER_ID}/sign`)).toHaveLength(0);

    // A wrong code: the server's refusal by its code, under the field.
    await user.clear(code);
    await fillIn(user, code, "123456");
    await user.click(screen.getByRole("button", { name: "Allekirjoita leasingsopimus" }));
    expect(await screen.findByText(/Vahvistus epäonnistui/)).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/orders/${ORDER_ID}/sign`)[0]?.body).toEqual({ code: "123456" });

    // The right code: signed, and the order waits for the employer.
    signReply = ok(
      signingOrder({
        waitingOn: "EMPLOYER",
        agreement: { ...(signingOrder().agreement as NonNullable<TMyOrder["agreement"]>), status: "SIGNED" },
      }),
    );
    await user.clear(code);
    await fillIn(user, code, "654321");
    await user.click(screen.getByRole("button", { name: "Allekirjoita leasingsopimus" }));
    expect(await screen.findByText("Leasingsopimus allekirjoitettu")).toBeInTheDocument();
    expect(screen.getByText(/odottaa vielä työnantajasi hyväksyntää/)).toBeInTheDocument();
    expect(screen.getByText("Työnantajasi käsittelee", { exact: false })).toBeInTheDocument();
  });

  it("shows a confirmed lease's agreement: tax-free until its date, the start rule, the monthly payment", async () => {
    fakeApi(
      baseRoutes([
        signingOrder({
          orderStatus: "CONFIRMED",
          waitingOn: "HELPDESK",
          agreement: {
            ...(signingOrder().agreement as NonNullable<TMyOrder["agreement"]>),
            status: "SIGNED",
            commitmentDate: "2025-03-10",
            taxRegime: "GRANDFATHERED",
            tax: { kind: "TAX_FREE", taxFreeUntil: "2028-03-31", taxableFrom: null },
          },
        }),
        order({ orderId: uuid(2), orderNumber: 1001, orderStatus: "CANCELLED", waitingOn: null }),
      ]),
    );
    renderMyBike();
    expect(
      await screen.findByText("Verovapaa 31.03.2028 asti (enintään 1 200 € vuodessa)"),
    ).toBeInTheDocument();
    expect(screen.getByText("Toimitusta seuraavan kuukauden ensimmäisenä päivänä")).toBeInTheDocument();
    expect(screen.getAllByText("104,50 €").length).toBeGreaterThan(0);
    expect(screen.getByRole("heading", { name: "Aiemmat tilaukset" })).toBeInTheDocument();
    expect(screen.getByText("Tilaus 1001")).toBeInTheDocument();
  });

  it("says taxable for a lease committed in 2025 that starts 14.1.2026: it was never tax-free", async () => {
    fakeApi(
      baseRoutes([
        signingOrder({
          orderStatus: "CONFIRMED",
          waitingOn: "HELPDESK",
          agreement: {
            ...(signingOrder().agreement as NonNullable<TMyOrder["agreement"]>),
            status: "ACCEPTED",
            commitmentDate: "2025-11-03",
            startDate: "2026-01-14",
            taxRegime: "EXEMPT_2025_ONLY",
            tax: { kind: "TAXABLE", taxFreeUntil: null, taxableFrom: null },
          },
        }),
      ]),
    );
    renderMyBike();
    expect(await screen.findByText("Veronalainen luontoisetu")).toBeInTheDocument();
    expect(screen.queryByText(/Verovapaa/)).not.toBeInTheDocument();
  });

  it("says both parts for a lease that ran tax-free in 2025 and is taxable from 1.1.2026", async () => {
    fakeApi(
      baseRoutes([
        signingOrder({
          orderStatus: "CONFIRMED",
          waitingOn: "HELPDESK",
          agreement: {
            ...(signingOrder().agreement as NonNullable<TMyOrder["agreement"]>),
            status: "ACCEPTED",
            commitmentDate: "2025-06-01",
            startDate: "2025-07-01",
            taxRegime: "EXEMPT_2025_ONLY",
            tax: { kind: "TAX_FREE_THEN_TAXABLE", taxFreeUntil: "2025-12-31", taxableFrom: "2026-01-01" },
          },
        }),
      ]),
    );
    renderMyBike();
    expect(
      await screen.findByText(
        "Verovapaa 31.12.2025 asti (enintään 1 200 € vuodessa), veronalainen 01.01.2026 alkaen",
      ),
    ).toBeInTheDocument();
  });
});
