/**
 * What `npm run bench` measures (./http.ts measures it): the hot calls of the API, each as the user
 * who makes it, and the bench's logins.
 */
import { DEMO_PASSWORD } from "../../src/server/db/seed/demo-data.ts";
import { BENCH_SCALE_EMPLOYEES, SCALE_ADMIN_EMAIL } from "./seed.ts";

export type Who = "employee" | "employer" | "group" | "helpdesk";
export const LOGINS: Record<Who, string> = {
  employee: "employee@demo.test",
  employer: "employer.admin@demo.test",
  group: SCALE_ADMIN_EMAIL,
  helpdesk: "admin@pedaali.test",
};

export type Call = {
  key: string;
  label: string;
  /** Who calls; null: anonymous (its bare route is then served without a session too). */
  as: Who | null;
  method: "GET" | "POST";
  path: string;
  body?: unknown;
  /** Rate-limited per address: each request comes from another address. */
  manyAddresses?: boolean;
  /**
   * A page reached as the pager reaches it: from the page before, whose `nextCursor` this call then
   * sends as `after` (read once, before the call is measured).
   */
  afterCursorOf?: string;
};

export function hotCalls(): Call[] {
  const list = "/api/beneficiary-employee/employeesOptimizedList";
  const deepPage = Math.max(1, Math.floor(BENCH_SCALE_EMPLOYEES / 20));
  const since = new Date(Date.now() - 60_000).toISOString();
  return [
    {
      key: "login",
      label: "POST /api/login (argon2id)",
      as: null,
      method: "POST",
      path: "/api/login",
      body: { email: "ville.hamalainen@demo.test", password: DEMO_PASSWORD },
      manyAddresses: true,
    },
    { key: "user", label: "GET /api/user", as: "employee", method: "GET", path: "/api/user" },
    {
      key: "checker",
      label: "GET notifications/checker",
      as: "employer",
      method: "GET",
      path: `/api/notifications/checker?lastFetch=${encodeURIComponent(since)}`,
    },
    {
      key: "unread",
      label: "GET notifications/unread-count",
      as: "employer",
      method: "GET",
      path: "/api/notifications/unread-count",
    },
    {
      key: "emp-first",
      label: "employee list, page 1",
      as: "group",
      method: "GET",
      path: `${list}?page=1&pageSize=10`,
    },
    {
      key: "emp-name",
      label: "employee list, name search",
      as: "group",
      method: "GET",
      path: `${list}?search=salonen`,
    },
    {
      key: "emp-filter",
      label: "employee list, filter",
      as: "group",
      method: "GET",
      path: `${list}?filterType=ACTIVE_LEASE`,
    },
    {
      key: "emp-deep",
      label: `employee list, page ${deepPage} (cursor)`,
      as: "group",
      method: "GET",
      path: `${list}?page=${deepPage}&pageSize=20`,
      afterCursorOf: `${list}?page=${deepPage - 1}&pageSize=20`,
    },
    {
      key: "leasing",
      label: "leasing agreements, page 1",
      as: "group",
      method: "GET",
      path: "/api/leasing-agreements/list?page=1&limit=20",
    },
    {
      key: "orders",
      label: "orders, page 1",
      as: "group",
      method: "GET",
      path: "/api/orders/all?page=1&limit=20",
    },
    {
      key: "redemptions",
      label: "redemptions, page 1",
      as: "group",
      method: "GET",
      path: "/api/bike-redemption?page=1&limit=20",
    },
    {
      key: "user-payments",
      label: "user payments, page 1",
      as: "group",
      method: "GET",
      path: "/api/user-payment/optimized?page=1&pageSize=10",
    },
    {
      key: "orders-name",
      label: "orders by name (helpdesk)",
      as: "helpdesk",
      method: "GET",
      path: "/api/orders/all?search=salonen&limit=20",
    },
    {
      key: "cancellations-name",
      label: "cancellations by name (helpdesk)",
      as: "helpdesk",
      method: "GET",
      path: "/api/order-cancellations?search=salonen&limit=20",
    },
    {
      key: "claims-name",
      label: "insurance claims by name (helpdesk)",
      as: "helpdesk",
      method: "GET",
      path: "/api/insurance-claims?searchTerm=salonen",
    },
    {
      key: "redemptions-name",
      label: "redemptions by name (helpdesk)",
      as: "helpdesk",
      method: "GET",
      path: "/api/bike-redemption?search=salonen&limit=20",
    },
    {
      key: "calculator",
      label: "POST /api/calculator",
      as: null,
      method: "POST",
      path: "/api/calculator",
      body: {
        year: 2026,
        bikePrice: 2490,
        accessoriesPrice: 180,
        leaseTimeMonths: 36,
        monthlyGrossSalary: 3850,
        municipality: "Tampere",
        churchMember: true,
      },
      manyAddresses: true,
    },
  ];
}
