import { QueryClientProvider } from "@tanstack/react-query";
import type { TEmployee, TEmployeeDetails, TEmployeesPage } from "../../../../contract/employees.ts";
import { ToastHost } from "../../../components/toast-host.tsx";
import { createQueryClient } from "../../../lib/query-client.ts";
import { SESSION_QUERY_KEY, type SessionUser } from "../../../lib/session.ts";
import type { FakeReply } from "../../../test/fake-api.ts";
import { renderUi } from "../../../test/render-ui.tsx";
import { sessionUser } from "../../../test/session-user.ts";
import { EmployeesPage } from "./employees-page.tsx";

/** What the tests of /tyonantaja share: the users, employees as the API answers them, and the page. */

export const uuid = (n: number) => `cccccccc-cccc-4ccc-8ccc-${String(n).padStart(12, "0")}`;
/** sessionUser's company. */
export const DEMO_OY = "11111111-1111-4111-8111-111111111111";
export const LOGISTIIKKA = uuid(2);
const GROUP = uuid(900);

export const ADMIN = sessionUser(["EMPLOYER_ADMIN"]);
export const EDITOR = sessionUser(["EMPLOYER_EDITOR"]);
export const GROUP_ADMIN = sessionUser(["EMPLOYER_GROUP_ADMIN"], {
  companies: [
    { id: DEMO_OY, name: "Demo Oy", groupCompanyId: GROUP },
    { id: LOGISTIIKKA, name: "Demo Logistiikka Oy", groupCompanyId: GROUP },
  ],
});

export const BASE = "/api/beneficiary-employee";
export const LIST = `${BASE}/employeesOptimizedList`;

export function employee(n: number, overrides: Partial<TEmployee> = {}): TEmployee {
  return {
    beneficiaryEmployeeId: uuid(100 + n),
    userId: uuid(200 + n),
    companyId: DEMO_OY,
    companyName: "Demo Oy",
    systemUser: {
      firstName: "Aino",
      lastName: `Virtanen ${n}`,
      workEmail: `aino${n}@demo.test`,
      phoneNumber: null,
    },
    orderCount: overrides.orders?.length ?? 0,
    costUnit: null,
    unitId: null,
    unitName: null,
    employeeNumber: null,
    payRollOther: null,
    lastWorkingDayDate: "2999-01-01",
    jobTrialPeriodEndDate: null,
    status: "PENDING",
    employerNote: null,
    maxPrice: null,
    companyMaxPrice: 4500,
    employmentEnded: false,
    currentAbsence: null,
    orders: [],
    employerRoles: [],
    decidedAt: null,
    createdAt: "2026-11-20T10:15:00.000Z",
    ...overrides,
  };
}

export function details(e: TEmployee, absences: TEmployeeDetails["absences"] = []): TEmployeeDetails {
  return { ...e, absences };
}

export function page(employees: TEmployee[], totalCount = employees.length, currentPage = 1): FakeReply {
  const body: TEmployeesPage = {
    employees,
    currentPage,
    totalPages: Math.max(1, Math.ceil(totalCount / 10)),
    totalCount,
    nextCursor: currentPage * 10 < totalCount ? `next-of-${currentPage}` : null,
    previousCursor: currentPage > 1 ? `previous-of-${currentPage}` : null,
  };
  return { status: 200, body };
}

export const NO_OPTIONS: FakeReply = { status: 200, body: { costUnits: [], payRollOthers: [], units: [] } };

export function renderPage(user: SessionUser, path = "/tyonantaja") {
  const queryClient = createQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
  return {
    queryClient,
    ...renderUi(
      <QueryClientProvider client={queryClient}>
        <EmployeesPage />
        <ToastHost />
      </QueryClientProvider>,
      { path },
    ),
  };
}
