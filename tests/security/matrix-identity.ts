import { acceptedOrder } from "../helpers/package-order.ts";
import type { Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";

/**
 * Strong identification when signing, a company's identity settings and single sign-on. Rows read as
 * those of access-matrix.ts (see its header); only types come from there.
 *
 * The matrix's app has no strong identification broker and no company provider: whoever passes a
 * start's guard meets that (503), and the browser's returns from a provider land on a page that says
 * the sign-in failed (303), for anyone, because no sign-in was under way.
 */

const noBroker = {
  status: 503,
  code: "STRONG_IDENTIFICATION_UNAVAILABLE",
  why: "no strong identification broker is configured",
} as const;

const adminsOnly: Expectations = { anonymous: 401, admins: "ok", rest: 403 };

const accepted = async (f: Fixtures) =>
  (
    await acceptedOrder(f.db, {
      employmentId: f.employeeEmploymentId,
      companyId: f.demoCompanyId,
      employeeUserId: f.employeeUserId,
      leasingCompanyId: f.leasingCompanyId,
      employerApprovalRequired: true,
    })
  ).orderId;

export const IDENTITY_ROWS: readonly MatrixRow[] = [
  {
    operation: "POST /api/orders/{orderId}/sign/strong",
    call: async (f) => ({ params: { orderId: await accepted(f) } }),
    expect: {
      anonymous: 401,
      BIKE_BENEFICIARY: noBroker,
      admins: { status: 404, code: "NOT_FOUND", why: "the demo employee's order is not the admin's own" },
      rest: 403,
    },
  },
  {
    operation: "POST /api/orders/{orderId}/employer-decision/strong",
    call: async (f) => ({ params: { orderId: await accepted(f) } }),
    expect: { anonymous: 401, admins: noBroker, employerManagers: noBroker, otherTenant: 404, rest: 403 },
  },
  {
    operation: "GET /api/identification/callback",
    ok: 303,
    call: () => ({ query: { code: "a-code", state: "a-state-nobody-opened" } }),
    expect: { rest: "ok" },
  },
  { operation: "GET /api/oidc/jwks", call: () => ({}), expect: { rest: "ok" } },
  {
    operation: "GET /api/admin/companies/{companyId}/identity",
    call: (f) => ({ params: { companyId: f.demoCompanyId } }),
    expect: adminsOnly,
  },
  {
    operation: "PUT /api/admin/companies/{companyId}/identity",
    call: (f) => ({ params: { companyId: f.demoCompanyId }, body: { signingPolicy: "SMS_CODE", sso: null } }),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/auth/sso/discover",
    call: () => ({ body: { email: "laura.nieminen@demo.test" } }),
    expect: { rest: "ok" },
  },
  {
    operation: "GET /api/auth/sso/start",
    ok: 303,
    call: () => ({ query: { email: "laura.nieminen@demo.test" } }),
    expect: { rest: "ok" },
  },
  {
    operation: "GET /api/auth/sso/callback",
    ok: 303,
    call: () => ({ query: { code: "a-code", state: "a-state-nobody-opened" } }),
    expect: { rest: "ok" },
  },
];
