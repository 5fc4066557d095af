import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api.ts";
import type { TMyOrder } from "./mybike-api.ts";
import { baseRoutes, order, packageOrder, renderMyBike, setUpMyBikeTests, uuid } from "./test-support.tsx";

setUpMyBikeTests();

/** A bike in use since 2025, on an older order than the one on its way. */
function bikeInUse(): TMyOrder {
  return order({
    orderId: uuid(2),
    orderNumber: 900,
    orderStatus: "ACTIVE_LEASING",
    waitingOn: null,
    createdAt: "2024-11-02T08:00:00.000Z",
    agreement: {
      id: uuid(610),
      status: "ACCEPTED",
      leaseTimeMonths: 36,
      monthlyPaymentCents: 9_500,
      commitmentDate: "2024-11-20",
      startDate: "2025-01-01",
      endDate: "2099-12-31",
      leaseEndsOn: "2099-12-31",
      taxRegime: "GRANDFATHERED",
      tax: { kind: "TAXABLE", taxFreeUntil: null, taxableFrom: null },
      signedAt: "2024-11-20T08:00:00.000Z",
      signedDocumentId: null,
    },
  });
}

/** Whether `first` comes before `second` in the page's reading order (the Stack keeps it at every width). */
function comesBefore(first: HTMLElement, second: HTMLElement): boolean {
  return Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
}

describe("what needs doing comes first on /mybike", () => {
  it("puts an order waiting for the employee's acceptance above the bike in use", async () => {
    fakeApi(baseRoutes([bikeInUse(), packageOrder({ allowedActions: ["ACCEPT_PACKAGE", "CANCEL"] })]));
    renderMyBike();
    const waiting = await screen.findByRole("heading", { name: "Tilaus 1042" });
    const bike = await screen.findByRole("heading", { name: "Pyöräsi" });
    expect(comesBefore(waiting, bike)).toBe(true);
  });

  it("puts an agreement to sign above the bike in use", async () => {
    fakeApi(
      baseRoutes([
        bikeInUse(),
        packageOrder({ orderStatus: "ALL_INFO_PROVIDED", waitingOn: "EMPLOYEE", allowedActions: ["SIGN"] }),
      ]),
    );
    renderMyBike();
    const waiting = await screen.findByRole("heading", { name: "Tilaus 1042" });
    expect(comesBefore(waiting, await screen.findByRole("heading", { name: "Pyöräsi" }))).toBe(true);
  });

  it("keeps an order waiting for others below the bike in use", async () => {
    fakeApi(baseRoutes([bikeInUse(), order({ waitingOn: "BIKE_STORE" })]));
    renderMyBike();
    const other = await screen.findByRole("heading", { name: "Tilaus 1042" });
    expect(comesBefore(await screen.findByRole("heading", { name: "Pyöräsi" }), other)).toBe(true);
  });
});
