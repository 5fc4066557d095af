import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { beforeAll } from "vitest";
import { ensureStoreLinkTexts } from "../../i18n/store-links-texts.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import type { FakeReply } from "../../test/fake-api.ts";
import { renderUi } from "../../test/render-ui.tsx";
import { setUpScreenTests } from "../../test/screen-tests.ts";
import type { TStoreDelivery, TStorePackage } from "./store-links-api.ts";

/** What the tests of the bike store's link pages share: the texts, the API's answers, a render. */

export function setUpStoreLinkTests() {
  setUpScreenTests();
  beforeAll(() => ensureStoreLinkTexts("fi"));
}

export const TOKEN = "t0ken-of-the-store-link-abcdefghijklmnop";

export function storePackage(overrides: Partial<TStorePackage> = {}): TStorePackage {
  return {
    orderNumber: 10042,
    orderStatus: "PENDING",
    customerName: "Maija Meikäläinen",
    companyName: "Demo Oy",
    deliveryMethod: "HOME_DELIVERY",
    deliveryAddress: "Mannerheimintie 5 A 3, 00100 Helsinki",
    maxPriceCents: 300_000,
    customerComment: "Tunturi eSport, koko M",
    bikeStoreOrderNumber: null,
    items: [],
    totalPriceCents: 0,
    editable: true,
    expiresAt: "2026-04-01T10:00:00.000Z",
    ...overrides,
  };
}

export function storeDelivery(overrides: Partial<TStoreDelivery> = {}): TStoreDelivery {
  return {
    orderNumber: 10042,
    orderStatus: "WAITING_FOR_DELIVERY_DATE",
    customerName: "Maija Meikäläinen",
    bikeName: "Tunturi eSport 500",
    frameSerialNumber: null,
    deliveryDate: null,
    orderDate: "2026-03-01",
    cancellationRequested: false,
    handoverRequired: false,
    editable: true,
    expiresAt: "2026-05-01T10:00:00.000Z",
    ...overrides,
  };
}

export const ok = (body: unknown): FakeReply => ({ status: 200, body });

export function renderScreen(ui: ReactNode, path = "/") {
  const queryClient = createQueryClient();
  return renderUi(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, { path });
}
