import {
  type CompanyRef,
  type HeldRole,
  isRoleName,
  type RoleName,
  rolesIn,
  type UserRoleLike,
} from "./roles.ts";

/**
 * Permission names, one per action, as `area.action`. docs/product.md "Roles" leaves the names open; these cover every
 * call group of docs/api-surface.md. The server checks permissions (it is the authority); the UI uses them only to
 * hide what the user cannot do. Roles and their permissions live in the database and admins can change
 * them; DEFAULT_ROLE_PERMISSIONS is what the seed writes for the built-in roles.
 */
export const PERMISSIONS = [
  // Auth and users
  "system-users.read",
  "system-users.manage",
  "own-details.manage",
  // Erasing a person's data at their request (GDPR art. 17), what a law keeps put under a recorded hold
  "person.erase",
  // Bike stores and store groups
  "bike-stores.read",
  "bike-stores.manage",
  // A bike store's own users: the orders of their stores, the package and delivery they give, the
  // store's own details, and what Pedaali has paid and still owes the store
  "store-orders.read",
  "store-orders.manage",
  "store-details.manage",
  "store-payouts.read",
  // Billing tables
  "billing-tables.manage",
  // Orders and employees
  "orders.read",
  "orders.process",
  "orders.cancel",
  // The employer's approval of an order where the bike policy asks for it
  "orders.approve",
  "employees.read",
  "employees.manage",
  "employees.decide",
  // The beneficiary's own order, leasing agreement and insurance claim
  "own-order.manage",
  // Contact forms
  "contact-forms.manage",
  // Leasing companies, leasing agreements, last fetch time
  "leasing.read",
  "leasing.manage",
  // Signed documents: reading them (scoped), recording and changing them by hand (the admin tier)
  "signed-documents.read",
  "signed-documents.manage",
  // Companies, group companies, units, VAT, payroll recipients, registration links, bike policy
  "companies.read",
  "companies.manage",
  "company-settings.manage",
  "vat-rates.read",
  "payroll-recipients.manage",
  "registration-links.create",
  "bike-policy.read",
  // Reporting
  "reports.read",
  // Insurance claims
  "insurance-claims.manage",
  // Roles, permissions and role assignments
  "roles.read",
  "roles.manage",
  // Bike redemptions, redemption offers and redemption payments
  "redemptions.manage",
  // Bike brokerage
  "brokerage.use",
  "brokerage.manage",
  // User payments: reading them (scoped); marking them sent and paid (the helpdesk)
  "user-payments.read",
  "user-payments.manage",
  // Order cancellations and refund receipts
  "order-cancellations.manage",
  // Invoices
  "invoices.read",
  // What is owed to bike stores and the payout batches that pay it (the admin tier)
  "store-payouts.manage",
  // Province, tax, state income tax and taxpayer deductions tables
  "tax-tables.manage",
  // Notifications (the bell); publishing a system update to every employer admin's bell
  "notifications.read",
  "notifications.publish",
  // Admin tasks
  "tasks.read",
  // The admin area: the audit view of the event log, platform-wide reporting, the
  // helpdesk search across companies, users and orders
  "audit.read",
  "platform-reports.read",
  "helpdesk.search",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Every logged-in user may edit their own details and use the bike brokerage (docs/product.md "Screens" header). */
const EVERY_USER: readonly Permission[] = ["own-details.manage", "brokerage.use"];

const EMPLOYER_ADMIN_PERMISSIONS: readonly Permission[] = [
  "employees.read",
  "employees.manage",
  "employees.decide",
  "orders.read",
  "orders.approve",
  "signed-documents.read",
  "companies.read",
  "company-settings.manage",
  "vat-rates.read",
  "payroll-recipients.manage",
  "registration-links.create",
  "bike-policy.read",
  "leasing.read",
  "reports.read",
  "user-payments.read",
  "system-users.read",
  "notifications.read",
  ...EVERY_USER,
];

/**
 * What a store user does for their own stores. The helpdesk has its own ways to the same orders and
 * stores, so the admin tier does not hold these: a store's list would be empty for it anyway.
 */
export const STORE_PERMISSIONS: readonly Permission[] = [
  "store-orders.read",
  "store-orders.manage",
  "store-details.manage",
  "store-payouts.read",
];
const ADMIN_TIER_PERMISSIONS = PERMISSIONS.filter((p) => !STORE_PERMISSIONS.includes(p));

export const DEFAULT_ROLE_PERMISSIONS: Record<RoleName, readonly Permission[]> = {
  SUPER_ADMIN: ADMIN_TIER_PERMISSIONS,
  // Internal admins (helpdesk) do everything except change what roles may do.
  INTERNAL_ADMIN: ADMIN_TIER_PERMISSIONS.filter((p) => p !== "roles.manage"),
  EMPLOYER_ADMIN: EMPLOYER_ADMIN_PERMISSIONS,
  // Same actions as the employer admin; the tenancy rule widens the scope to every company of the group.
  // The notification bell stays with the employer admin (docs/product.md "Roles").
  EMPLOYER_GROUP_ADMIN: EMPLOYER_ADMIN_PERMISSIONS.filter((p) => p !== "notifications.read"),
  // Employee management only: no company settings, reports, payroll recipients or notifications.
  EMPLOYER_EDITOR: [
    "employees.read",
    "employees.manage",
    "employees.decide",
    "orders.read",
    "orders.approve",
    "signed-documents.read",
    "companies.read",
    "registration-links.create",
    "bike-policy.read",
    "leasing.read",
    "system-users.read",
    ...EVERY_USER,
  ],
  EMPLOYER_REPORTING: [
    "reports.read",
    "employees.read",
    "orders.read",
    "companies.read",
    "user-payments.read",
    ...EVERY_USER,
  ],
  // A store user acts only on the orders of the stores they are bound to (bike_store_users).
  BIKE_STORE: [...STORE_PERMISSIONS, ...EVERY_USER],
  BIKE_BENEFICIARY: ["own-order.manage", "bike-stores.read", "bike-policy.read", ...EVERY_USER],
};

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/**
 * docs/product.md "Roles": the permission names of a user, collected from userRoles without duplicates, in first-seen
 * order. A role that carries rolePermissions (as loaded from the database) uses exactly those, so an
 * admin's changes take effect; a built-in role given without them falls back to its defaults. Names
 * are kept as strings because admins may create permissions the code does not know.
 */
export function permissionsOf(userRoles: readonly UserRoleLike[]): string[] {
  const names = new Set<string>();
  for (const { role } of userRoles) {
    if (role.rolePermissions) {
      for (const { permission } of role.rolePermissions) names.add(permission.name);
    } else if (isRoleName(role.name)) {
      for (const permission of DEFAULT_ROLE_PERMISSIONS[role.name]) names.add(permission);
    }
  }
  return [...names];
}

/** The default permissions of a set of built-in roles, de-duplicated. */
export function permissionsOfRoles(roles: readonly RoleName[]): Permission[] {
  return [...new Set(roles.flatMap((role) => DEFAULT_ROLE_PERMISSIONS[role]))];
}

/** The permissions a user holds when acting in one company: those of the roles that count there (rolesIn). */
export function permissionsIn(
  held: readonly HeldRole[],
  company: CompanyRef,
  groupOf: (companyId: string) => string | null | undefined,
): string[] {
  return permissionsOf(rolesIn(held, company, groupOf));
}

export function hasPermission(permissions: readonly string[], permission: Permission): boolean {
  return permissions.includes(permission);
}
