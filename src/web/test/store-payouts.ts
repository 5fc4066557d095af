import type { TStorePayable, TStorePayouts } from "../../contract/store-payouts.ts";

/** A bike store's payouts as GET /api/store/payouts and GET /api/bike-stores/{id}/payouts answer them. */

export const PAYOUT_STORE_ID = "5a1e2f3c-4b5d-4e6f-8a7b-9c0d1e2f3a4b";
const BATCH_ID = "ba7c0000-0000-4000-8000-000000000001";

const sums = (grossCents: number, commissionCents = 0) => ({
  grossCents,
  commissionCents,
  netCents: grossCents - commissionCents,
});

/**
 * An order's payable as the decision on the commission's base reckons it: 1 593,63 € + VAT 406,37 € =
 * 2 000,00 €, 5 % of the price without VAT is 79,68 €; or no commission of 1 195,22 € + VAT 304,78 €.
 */
const withCommission = {
  ...sums(200_000, 7_968),
  vatCents: 40_637,
  commissionBase: "VAT_EXCLUDED",
  commissionBaseCents: 159_363,
  commissionPercent: 5,
} as const;
const withoutCommission = {
  ...sums(150_000),
  vatCents: 30_478,
  commissionBase: "VAT_EXCLUDED",
  commissionBaseCents: 119_522,
  commissionPercent: null,
} as const;

export function storePayable(n: number, overrides: Partial<TStorePayable> = {}): TStorePayable {
  return {
    id: `9a000000-0000-4000-8000-00000000000${n}`,
    bikeStoreId: PAYOUT_STORE_ID,
    storeName: "Vauhti Espoo",
    orderId: `0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a0${n}`,
    orderNumber: 10_040 + n,
    companyName: "Demo Oy",
    purchaseInvoiceId: `1b1b1b1b-1b1b-4b1b-8b1b-1b1b1b1b1b0${n}`,
    invoiceNumber: `VE-${n}`,
    ...withCommission,
    status: "OPEN",
    payoutBatchId: null,
    batchNumber: null,
    createdAt: "2026-11-02T10:00:00.000Z",
    ...overrides,
  };
}

/**
 * Vauhti Espoo: one order still open, one paid in batch 1007; `total` pretends more pages of payables.
 */
export function storePayouts(total = 2): TStorePayouts {
  const items = [
    storePayable(1),
    storePayable(2, {
      orderNumber: 10_001,
      companyName: "Toinen Oy",
      status: "PAID",
      payoutBatchId: BATCH_ID,
      batchNumber: 1007,
      ...withoutCommission,
    }),
  ];
  return {
    bikeStoreId: PAYOUT_STORE_ID,
    storeName: "Vauhti Espoo",
    open: { payableCount: 1, ...sums(200_000, 7_968) },
    payables: {
      items,
      page: 1,
      limit: 10,
      total,
      totalPages: Math.ceil(total / 10),
      hasNext: total > 10,
      hasPrevious: false,
    },
    payouts: [
      {
        payoutBatchId: BATCH_ID,
        batchNumber: 1007,
        status: "PAID",
        executionDate: "2026-11-20",
        paidDate: "2026-11-21",
        ...sums(150_000),
        orderNumbers: [10_001],
      },
    ],
  };
}

/** A store with nothing payable yet. */
export function noStorePayouts(): TStorePayouts {
  return {
    ...storePayouts(0),
    open: { payableCount: 0, ...sums(0) },
    payables: { items: [], page: 1, limit: 10, total: 0, totalPages: 0, hasNext: false, hasPrevious: false },
    payouts: [],
  };
}
