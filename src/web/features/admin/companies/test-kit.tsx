import { QueryClientProvider } from "@tanstack/react-query";
import { Route, Routes } from "react-router";
import type { TCompanyDetails, TCompanyListItem } from "../../../../contract/companies.ts";
import { ToastHost } from "../../../components/toast-host.tsx";
import { createQueryClient } from "../../../lib/query-client.ts";
import type { FakeReply } from "../../../test/fake-api.ts";
import { renderUi } from "../../../test/render-ui.tsx";
import { AddCompanyTab } from "./add-company-tab.tsx";
import { CompaniesTab } from "./companies-tab.tsx";

/** What the company screens' component tests share (with setUpScreenTests): a rendered tab and fixtures. */

/** The Yritykset or the Lisää yritys tab at `path`, as the admin page mounts it, with the toasts. */
export function renderTab(path: string) {
  const tab = path.includes("lisaa-yritys") ? <AddCompanyTab /> : <CompaniesTab />;
  return renderUi(
    <QueryClientProvider client={createQueryClient()}>
      <Routes>
        <Route path="/admin/*" element={tab} />
      </Routes>
      <ToastHost />
    </QueryClientProvider>,
    { path },
  );
}

export const uuid = (n: number) => `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, "0")}`;
export const COMPANY_ID = uuid(1);
export const NOW = "2026-11-20T10:15:00.000Z";

export function page<T>(items: T[], total = items.length, pageNo = 1): FakeReply {
  return {
    status: 200,
    body: {
      items,
      page: pageNo,
      limit: 20,
      total,
      totalPages: Math.ceil(total / 20),
      hasNext: total > pageNo * 20,
      hasPrevious: pageNo > 1,
    },
  };
}

export function listItem(n: number, overrides: Partial<TCompanyListItem> = {}): TCompanyListItem {
  return {
    id: uuid(100 + n),
    name: `Yritys ${n} Oy`,
    businessId: "2980005-2",
    groupCompanyId: null,
    groupCompanyName: null,
    city: "Espoo",
    employeeCount: 3,
    activeLeaseCount: 1,
    maxPrice: 4500,
    previousProvider: null,
    hasBillingAddress: true,
    createdAt: NOW,
    ...overrides,
  };
}

export function details(overrides: Partial<TCompanyDetails> = {}): TCompanyDetails {
  return {
    companyId: COMPANY_ID,
    name: "Kallion Kahvila Oy",
    businessId: "2980005-2",
    groupCompanyId: null,
    groupCompanyName: null,
    countryCode: "FI",
    vatPercent: null,
    maxPrice: 4500,
    paymentMode: "PAYROLL",
    leasingCompanyId: null,
    billingTableId: null,
    streetAddress: "Kalliontie 1",
    postalCode: "00530",
    city: "Helsinki",
    billingEmail: "laskut@kallio.fi",
    eInvoiceAddress: null,
    eInvoiceOperator: null,
    hasBillingAddress: true,
    contactName: "Kaisa Kallio",
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

/** The choices every company form loads. */
export const FORM_OPTIONS: Record<string, FakeReply> = {
  "GET /api/group-companies?forDropdown=true&limit=500": page([
    { groupCompanyId: uuid(900), name: "Kallio-konserni", businessId: null, companies: [] },
  ]),
  "GET /api/leasing-companies?forDropdown=true": {
    status: 200,
    body: { leasingCompanies: [{ id: uuid(800), companyName: "Grenkeleasing Oy" }] },
  },
  "GET /api/billing-table": { status: 200, body: { billingTables: [] } },
};
