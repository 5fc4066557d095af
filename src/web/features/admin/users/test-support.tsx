import { QueryClientProvider } from "@tanstack/react-query";
import { Route, Routes } from "react-router";
import type { TRole } from "../../../../contract/roles.ts";
import type { TSystemUserDetails, TSystemUserItem } from "../../../../contract/system-users.ts";
import { PERMISSIONS } from "../../../../domain/permissions.ts";
import { ToastHost } from "../../../components/toast-host.tsx";
import { createQueryClient } from "../../../lib/query-client.ts";
import { SESSION_QUERY_KEY } from "../../../lib/session.ts";
import type { FakeRoute } from "../../../test/fake-api.ts";
import { renderUi } from "../../../test/render-ui.tsx";
import { sessionUser } from "../../../test/session-user.ts";
import { UsersTab } from "./users-tab.tsx";

/** The Käyttäjät tab's component tests (with setUpScreenTests): fixtures and the tab at a path. */

export const id = (n: number) => `eeeeeeee-eeee-4eee-8eee-${String(n).padStart(12, "0")}`;
const SUPER_ADMIN_PERMISSIONS = [...PERMISSIONS];
export const HELPDESK_PERMISSIONS = PERMISSIONS.filter((p) => p !== "roles.manage");

export const DEMO = { id: id(101), name: "Demo Oy" };
export const KALA = { id: id(102), name: "Virtasen Kala Oy" };

export const page = <T,>(items: T[], total = items.length, at = 1) => ({
  status: 200,
  body: {
    items,
    page: at,
    limit: 20,
    total,
    totalPages: Math.ceil(total / 20),
    hasNext: at * 20 < total,
    hasPrevious: at > 1,
  },
});

export const item = (n: number, overrides: Partial<TSystemUserItem> = {}): TSystemUserItem => ({
  userId: id(n),
  firstName: "Aino",
  lastName: `Virtanen ${n}`,
  workEmail: `aino${n}@demo.test`,
  personalEmail: null,
  phoneNumber: "0401234567",
  companyId: DEMO.id,
  companyName: DEMO.name,
  roles: ["EMPLOYER_ADMIN"],
  deactivated: false,
  lastLoginAt: "2026-11-20T10:15:00.000Z",
  ...overrides,
});

export const details = (overrides: Partial<TSystemUserDetails> = {}): TSystemUserDetails => ({
  ...item(1),
  userRoles: [{ roleId: id(201), roleName: "EMPLOYER_ADMIN", companyId: DEMO.id, companyName: DEMO.name }],
  ...overrides,
});

export const role = (n: number, name: string, overrides: Partial<TRole> = {}): TRole => ({
  id: id(200 + n),
  name,
  description: null,
  isSystem: true,
  userCount: 1,
  rolePermissions: [],
  ...overrides,
});

export const ROLES = [role(1, "EMPLOYER_ADMIN"), role(2, "INTERNAL_ADMIN"), role(3, "EMPLOYER_EDITOR")];

/** The reference lists every screen of the tab may ask for. */
export const COMMON: Record<string, FakeRoute> = {
  "GET /api/companies?names=true&limit=500": page([DEMO, KALA]),
  "GET /api/roles?page=1&limit=100": page(ROLES),
  [`GET /api/event-log?entityType=user&entityId=${id(1)}&limit=10`]: page([]),
};

/** The tab at `path`, as the admin page mounts it, for a session user with `permissions`. */
export function renderTab(path: string, permissions: string[] = SUPER_ADMIN_PERMISSIONS) {
  const queryClient = createQueryClient();
  const me = sessionUser(["SUPER_ADMIN"], { companyId: null, companies: [], permissions });
  queryClient.setQueryData(SESSION_QUERY_KEY, me);
  return renderUi(
    <QueryClientProvider client={queryClient}>
      <ToastHost />
      <Routes>
        <Route path="/admin/*" element={<UsersTab />} />
      </Routes>
    </QueryClientProvider>,
    { path },
  );
}
