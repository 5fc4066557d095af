import { QueryClientProvider } from "@tanstack/react-query";
import type {
  TPayrollReportResponse,
  TPayrollRow,
  TPayrollTotals,
  TReportingDashboard,
} from "../../../../contract/reporting.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { SESSION_QUERY_KEY, type SessionUser } from "../../../lib/session.ts";
import type { FakeReply } from "../../../test/fake-api.ts";
import { renderUi } from "../../../test/render-ui.tsx";
import { sessionUser } from "../../../test/session-user.ts";
import { ReportingPage } from "./reporting-page.tsx";

/** What the tests of /raportointi share: the users, the API's answers as builders, and the page. */

const uuid = (n: number) => `dddddddd-dddd-4ddd-8ddd-${String(n).padStart(12, "0")}`;
/** sessionUser's company. */
export const DEMO_OY = "11111111-1111-4111-8111-111111111111";
export const LOGISTIIKKA = uuid(2);
const GROUP = uuid(900);

export const ADMIN = sessionUser(["EMPLOYER_ADMIN"]);
export const REPORTING = sessionUser(["EMPLOYER_REPORTING"]);
export const GROUP_ADMIN = sessionUser(["EMPLOYER_GROUP_ADMIN"], {
  companies: [
    { id: DEMO_OY, name: "Demo Oy", groupCompanyId: GROUP },
    { id: LOGISTIIKKA, name: "Demo Logistiikka Oy", groupCompanyId: GROUP },
  ],
});

export function payrollRow(n: number, overrides: Partial<TPayrollRow> = {}): TPayrollRow {
  return {
    key: uuid(300 + n),
    leaseId: uuid(300 + n),
    orderId: uuid(400 + n),
    orderNumber: 1000 + n,
    beneficiaryEmployeeId: uuid(100 + n),
    firstName: "Aino",
    lastName: `Virtanen ${n}`,
    employeeNumber: `E-${n}`,
    costUnit: "100",
    payRollOther: null,
    unitName: "Helsinki",
    companyId: DEMO_OY,
    companyName: "Demo Oy",
    regime: "TAXABLE",
    taxFreeUntil: null,
    leaseFromPeriod: "2026-01",
    leaseToPeriod: "2028-12",
    leaseRunning: true,
    monthlyPaymentCents: 8_950,
    benefitValueCents: 8_950,
    taxFreeCents: 0,
    taxableCents: 8_950,
    ownPaymentCents: 0,
    grossDeductionCents: 8_950,
    deferredCents: 0,
    catchUpCents: 0,
    netDeductionCents: 0,
    outstandingDeferredCents: 0,
    oneOffs: [],
    absence: null,
    withoutPay: false,
    employmentEndsOn: null,
    firstMonth: false,
    lastMonth: false,
    change: "UNCHANGED",
    changedFields: [],
    ...overrides,
  };
}

const ZERO_TOTALS: TPayrollTotals = {
  monthlyPaymentCents: 0,
  benefitValueCents: 0,
  taxFreeCents: 0,
  taxableCents: 0,
  ownPaymentCents: 0,
  grossDeductionCents: 0,
  deferredCents: 0,
  catchUpCents: 0,
  netDeductionCents: 0,
  outstandingDeferredCents: 0,
  rowCount: 0,
  employeeCount: 0,
  incomeTypes: [
    { incomeType: 363, amountCents: 0 },
    { incomeType: 364, amountCents: 0 },
    { incomeType: 420, amountCents: 0 },
  ],
};

export function payrollReport(
  period: string,
  overrides: Partial<TPayrollReportResponse> = {},
  companyId = DEMO_OY,
): TPayrollReportResponse {
  return {
    company: { id: companyId, name: companyId === DEMO_OY ? "Demo Oy" : "Demo Logistiikka Oy" },
    period,
    rows: [],
    totals: ZERO_TOTALS,
    comparedWith: { period: "2026-10", source: "COMPUTED", sentAt: null },
    sentAt: null,
    employeesMissingPayrollData: 0,
    ...overrides,
  };
}

export function payrollPath(period: string, companyId = DEMO_OY): string {
  return `/api/reporting/payroll?companyId=${companyId}&period=${period}`;
}

export function dashboardPath(companyId = DEMO_OY): string {
  return `/api/reporting/dashboard?companyId=${companyId}`;
}

export function dashboard(
  overrides: Partial<TReportingDashboard> = {},
  companyId = DEMO_OY,
): TReportingDashboard {
  return {
    company: { id: companyId, name: "Demo Oy" },
    employees: { accepted: 40, pending: 3, withActiveLease: 12 },
    activeLeases: 13,
    monthlyCostCents: 123_456,
    months: Array.from({ length: 12 }, (_, i) => ({
      period: `2026-${String(i + 1).padStart(2, "0")}`,
      activeLeases: i + 2,
      leaseCostCents: (i + 2) * 9_000,
    })),
    ordersByStatus: [
      { orderStatus: "ACTIVE_LEASING", count: 13 },
      { orderStatus: "PENDING", count: 2 },
      { orderStatus: "CANCELLED", count: 0 },
    ],
    leasesByRegime: { GRANDFATHERED: 5, EXEMPT_2025_ONLY: 3, TAXABLE: 5 },
    taxFreeThisYearCents: 550_000,
    leasesEndingSoon: 2,
    openLeaseEnds: { open: 3, overdue: 1 },
    ...overrides,
  };
}

export const ok = (body: unknown): FakeReply => ({ status: 200, body });

export function renderPage(user: SessionUser, path = "/raportointi") {
  const queryClient = createQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
  return renderUi(
    <QueryClientProvider client={queryClient}>
      <ReportingPage />
    </QueryClientProvider>,
    { path },
  );
}
