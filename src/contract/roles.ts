import { z } from "zod";
import { zMessage, zPage, zPageQuery } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zMultiLineText, zSingleLineText } from "./text.ts";

/**
 * The roles admin (docs/product.md "Roles" "Admin screens", docs/api-surface.md "Roles"): roles, permissions, which permissions a role
 * carries, and which users hold a role in which companies.
 *
 * - GET /api/roles?page&limit(100) → list envelope of `zRole`; POST /api/roles `{ name, description? }`
 *   → 201 `zRole` (409 ROLE_NAME_TAKEN); DELETE /api/roles/{id} → `{ message }` (400 ROLE_IS_SYSTEM,
 *   409 ROLE_IN_USE).
 * - GET /api/permissions?page&limit(100) → list envelope of `zPermission`.
 * - POST / DELETE /api/roles/{roleId}/permissions/{permissionId} → the role (idempotent).
 * - GET /api/user-roles/roles/{roleId}/users?page&limit(20)&search → list envelope of `zRoleUser`.
 * - POST /api/user-roles/users/{userId}/roles/{roleId} `{ companyIds }` → `zUserRoleAssignments`;
 *   DELETE the same path `{ companyId }` (null or omitted: the global assignment) → the same shape.
 */

/** Reference lists are short: one page of up to 100 by default. */
const zReferenceListQuery = lazy(() =>
  zPageQuery.extend({
    limit: z.coerce.number().int().min(1).max(100).default(100),
  }),
);

const zPermission = lazy(() =>
  z.object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
  }),
);
export type TPermission = z.infer<typeof zPermission>;
export const zPermissionsPage = lazy(() => zPage(zPermission));

const zRolePermission = lazy(() =>
  z.object({
    roleId: z.uuid(),
    permissionId: z.uuid(),
    permission: z.object({ id: z.uuid(), name: z.string() }),
  }),
);

export const zRole = lazy(() =>
  z.object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    /** A built-in role of docs/product.md "Roles": it cannot be deleted. */
    isSystem: z.boolean(),
    /** How many users hold the role (in any company); a role in use cannot be deleted. */
    userCount: z.int(),
    rolePermissions: z.array(zRolePermission),
  }),
);
export type TRole = z.infer<typeof zRole>;
export const zRolesPage = lazy(() => zPage(zRole));

export const zCreateRole = lazy(() =>
  z.object({
    name: z
      .string()
      .trim()
      .min(2)
      .max(64)
      .regex(/^[\p{L}\p{N}_ -]+$/u, "Letters, digits, spaces, _ and - only"),
    description: zMultiLineText({ max: 500 }).nullable().optional(),
  }),
);
export type TCreateRole = z.infer<typeof zCreateRole>;

const zRoleIdParams = lazy(() => z.object({ id: z.uuid() }));
const zRolePermissionParams = lazy(() => z.object({ roleId: z.uuid(), permissionId: z.uuid() }));

const zRoleUsersParams = lazy(() => z.object({ roleId: z.uuid() }));
export const zRoleUsersQuery = lazy(() =>
  zPageQuery.extend({
    /** Trimmed; matches first name, last name, "first last" or the e-mail. */
    search: zSingleLineText({ max: 100 }).optional(),
  }),
);
export type TRoleUsersQuery = z.infer<typeof zRoleUsersQuery>;

const zRoleUser = lazy(() =>
  z.object({
    userId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    deactivated: z.boolean(),
    /** The companies the role is held in (for an employer-side caller only theirs). */
    companyIds: z.array(z.uuid()),
    companies: z.array(z.object({ id: z.uuid(), name: z.string() })),
    /** Held globally (companyId null): the admin tier. */
    global: z.boolean(),
  }),
);
export type TRoleUser = z.infer<typeof zRoleUser>;
export const zRoleUsersPage = lazy(() => zPage(zRoleUser));

const zUserRoleParams = lazy(() => z.object({ userId: z.uuid(), roleId: z.uuid() }));

/** Assign in one or more companies; an admin-tier role takes an empty list (held globally). */
export const zAssignUserRole = lazy(() => z.object({ companyIds: z.array(z.uuid()).max(500) }));
export type TAssignUserRole = z.infer<typeof zAssignUserRole>;

/** Remove in one company; null or omitted removes the global assignment. */
const zRemoveUserRole = lazy(() => z.object({ companyId: z.uuid().nullable().optional() }));
export type TRemoveUserRole = z.infer<typeof zRemoveUserRole>;
/** The DELETE body may be missing altogether (a global assignment). */
const zRemoveUserRoleBody = lazy(() => zRemoveUserRole.nullable().optional());

/** The user's assignments of the role after the change. */
export const zUserRoleAssignments = lazy(() =>
  z.object({
    userId: z.uuid(),
    roleId: z.uuid(),
    assignments: z.array(
      z.object({ id: z.uuid(), userId: z.uuid(), roleId: z.uuid(), companyId: z.uuid().nullable() }),
    ),
  }),
);
export type TUserRoleAssignments = z.infer<typeof zUserRoleAssignments>;

/** The calls of the roles admin: roles, permissions, a role's permissions and who holds it where. */
export const rolesApi = lazy(() => ({
  list: endpoint({
    method: "GET",
    path: "/roles",
    summary: "Roles with their permissions",
    query: zReferenceListQuery,
    response: zRolesPage,
    errors: [400, 401, 403, 404],
  }),
  create: endpoint({
    method: "POST",
    path: "/roles",
    summary: "Create a role",
    body: zCreateRole,
    status: 201,
    response: zRole,
    errors: [400, 401, 403, 404, 409],
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/roles/:id",
    summary: "Delete a role that is not built in and no longer assigned",
    params: zRoleIdParams,
    response: zMessage,
    errors: [400, 401, 403, 404, 409],
  }),
  permissions: endpoint({
    method: "GET",
    path: "/permissions",
    summary: "Permission names",
    query: zReferenceListQuery,
    response: zPermissionsPage,
    errors: [400, 401, 403, 404],
  }),
  addPermission: endpoint({
    method: "POST",
    path: "/roles/:roleId/permissions/:permissionId",
    summary: "Give a role a permission (idempotent); answers the role",
    params: zRolePermissionParams,
    response: zRole,
    errors: [400, 401, 403, 404],
  }),
  removePermission: endpoint({
    method: "DELETE",
    path: "/roles/:roleId/permissions/:permissionId",
    summary: "Take a permission from a role (idempotent); answers the role",
    params: zRolePermissionParams,
    response: zRole,
    errors: [400, 401, 403, 404],
  }),
  users: endpoint({
    method: "GET",
    path: "/user-roles/roles/:roleId/users",
    summary: "Users holding the role, with the companies they hold it in",
    params: zRoleUsersParams,
    query: zRoleUsersQuery,
    response: zRoleUsersPage,
    errors: [400, 401, 403, 404],
  }),
  assign: endpoint({
    method: "POST",
    path: "/user-roles/users/:userId/roles/:roleId",
    summary: "Assign a role to a user in one or more companies (admin roles: empty list = global)",
    params: zUserRoleParams,
    body: zAssignUserRole,
    response: zUserRoleAssignments,
    errors: [400, 401, 403, 404],
  }),
  unassign: endpoint({
    method: "DELETE",
    path: "/user-roles/users/:userId/roles/:roleId",
    summary: "Remove a role from a user in one company (companyId null or omitted: the global one)",
    params: zUserRoleParams,
    body: zRemoveUserRoleBody,
    response: zUserRoleAssignments,
    errors: [400, 401, 403, 404],
  }),
}));
