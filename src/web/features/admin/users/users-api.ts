import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "../../../../contract/admin.ts";
import { companiesApi } from "../../../../contract/companies.ts";
import { erasureApi } from "../../../../contract/erasure.ts";
import { messageOutboxApi } from "../../../../contract/message-outbox.ts";
import { passwordApi } from "../../../../contract/password.ts";
import { rolesApi, type TCreateRole, type TRole } from "../../../../contract/roles.ts";
import { systemUsersApi, type TCreateSystemUser } from "../../../../contract/system-users.ts";
import { CSRF_COOKIE, readCookie } from "../../../lib/api-client.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { refreshQueries, SILENT } from "../../../lib/query-client.ts";
import { createSystemUser } from "./create-system-user.ts";

/**
 * The Käyttäjät tab's calls (docs/api-surface.md "Auth and users", "Roles"): system users, their roles per
 * company, the roles and their permissions. Every answer is checked against its contract schema.
 * Changes refetch what they touch; forms and dialogs show their own errors (`meta.silent`).
 */

export const PAGE_SIZE = 20;
/** Every roles answer a change can make stale: the roles, the permissions and who holds a role. */
const ROLE_ENDPOINTS = [rolesApi.list, rolesApi.permissions, rolesApi.users] as const;
/** The roles as one reference list (one page of 100); the permission checklist changes it in place. */
const ALL_ROLES = { query: { page: 1, limit: 100 } } as const;

/** The list's filters (docs/api-surface.md isForList query); empty strings are no filter. */
export type UserFilters = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  companyId: string;
};

/** One page of the system users; the previous page stays on screen while the next loads. */
export function useSystemUsers(filters: UserFilters, page: number) {
  const query = {
    isForList: "true",
    page,
    limit: PAGE_SIZE,
    firstName: filters.firstName.trim(),
    lastName: filters.lastName.trim(),
    email: filters.email.trim(),
    phoneNumber: filters.phoneNumber.trim(),
    companyId: filters.companyId.trim(),
  } as const;
  return useEndpointQuery(systemUsersApi.list, { query }, { placeholderData: keepPreviousData });
}

/** One user with their roles per company; a 404 is the page's not-found state, not a toast. */
export function useSystemUser(userId: string) {
  return useEndpointQuery(systemUsersApi.get, { params: { userId } }, { meta: SILENT });
}

/** The user's ten latest events (the audit log), newest first. */
export function useUserEvents(userId: string) {
  return useEndpointQuery(
    adminApi.eventLog,
    { query: { entityType: "user", entityId: userId, limit: 10 } },
    {
      select: (data) => data.items,
      // The section says itself when the events could not be loaded.
      meta: SILENT,
    },
  );
}

/** Every company's id and name: one list for the pickers, under one key wherever it is read. */
export const COMPANY_NAMES = { query: { names: "true", limit: 500 } } as const;

/** Every company's id and name, for the pickers. */
export function useCompanyNames() {
  return useEndpointQuery(companiesApi.list, COMPANY_NAMES, {
    select: (data) => data.items,
    staleTime: 5 * 60_000,
  });
}

/** Every role (a short reference list: one page of 100). */
export function useRoles() {
  return useEndpointQuery(rolesApi.list, ALL_ROLES, { select: (data) => data.items });
}

export function usePermissions() {
  return useEndpointQuery(
    rolesApi.permissions,
    { query: { page: 1, limit: 100 } },
    { select: (data) => data.items, staleTime: 5 * 60_000 },
  );
}

/** The users holding a role, with the companies they hold it in. */
export function useRoleUsers(roleId: string, page: number, search: string) {
  return useEndpointQuery(
    rolesApi.users,
    { params: { roleId }, query: { page, limit: PAGE_SIZE, search: search.trim() } },
    { placeholderData: keepPreviousData },
  );
}

/**
 * What a change on the Käyttäjät tab touched: a user, the roles, a user's roles (both), a person erased
 * (the user and the records kept of them), or a message sent again (the person's messages).
 */
type UsersChange = "user" | "roles" | "assignment" | { erased: string } | { messageSent: string };

/** A change to a user is one of their events too. */
const USER_READS = [systemUsersApi.list, systemUsersApi.get, adminApi.eventLog].map((read) =>
  endpointKey(read),
);
const ROLE_READS = ROLE_ENDPOINTS.map((read) => endpointKey(read));

/** Refetches what a change on the tab made stale; resolves when the reads it waits for are read. */
export function refreshUsers(queryClient: QueryClient, change: UsersChange) {
  if (change === "user") return refreshQueries(queryClient, USER_READS);
  if (change === "roles") return refreshQueries(queryClient, ROLE_READS);
  if (change === "assignment") {
    void refreshQueries(queryClient, ROLE_READS);
    return refreshQueries(queryClient, USER_READS);
  }
  if ("erased" in change)
    return refreshQueries(queryClient, [
      ...USER_READS,
      endpointKey(erasureApi.holds, { params: { userId: change.erased } }),
    ]);
  return refreshQueries(queryClient, [
    endpointKey(messageOutboxApi.list, { params: { userId: change.messageSent } }),
  ]);
}

/** POST /api/system-users (the docs/product.md "Field rules" check of the answer is in createSystemUser). */
export function useCreateSystemUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateSystemUser) => createSystemUser(input),
    onSuccess: () => refreshUsers(queryClient, "user"),
    meta: SILENT,
  });
}

/** PUT /api/system-users/{userId}: the body repeats the session's CSRF token (docs/api-surface.md). */
export function useUpdateWorkEmail(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workEmail: string) =>
      callEndpoint(systemUsersApi.updateWorkEmail, {
        params: { userId },
        body: { workEmail, csrfToken: readCookie(CSRF_COOKIE) ?? "" },
      }),
    onSuccess: () => refreshUsers(queryClient, "user"),
    meta: SILENT,
  });
}

/** PATCH …/phone; an empty number clears it, so the next login asks for a new one (two-factor reset). */
export function useUpdatePhone(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phoneNumber: string) =>
      callEndpoint(systemUsersApi.updatePhone, { params: { userId }, body: { phoneNumber } }),
    onSuccess: () => refreshUsers(queryClient, "user"),
    meta: SILENT,
  });
}

export function useSetDeactivated(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deactivated: boolean) =>
      callEndpoint(systemUsersApi.setDeactivated, { params: { userId }, body: { deactivated } }),
    onSuccess: () => refreshUsers(queryClient, "user"),
    meta: SILENT,
  });
}

/** The records a law keeps of an erased person (empty for anyone not erased). */
export function useLegalHolds(userId: string, enabled: boolean) {
  return useEndpointQuery(
    erasureApi.holds,
    { params: { userId } },
    { enabled, select: (data) => data.items, meta: SILENT },
  );
}

/** Erases the person's data; the page then shows them erased, with the holds the erasure left. */
export function useEraseUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => callEndpoint(erasureApi.erase, { params: { userId }, body: { reason } }),
    onSuccess: () => refreshUsers(queryClient, { erased: userId }),
    meta: SILENT,
  });
}

/** POST /api/password-reset: mails the user a link to set a new password. */
export function useSendPasswordLink() {
  return useMutation({
    mutationFn: (email: string) => callEndpoint(passwordApi.requestReset, { body: { email } }),
    meta: SILENT,
  });
}

/** Gives a user a role in the companies (an admin-tier role: an empty list, held globally). */
export function useAssignRole(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roleId, companyIds }: { roleId: string; companyIds: string[] }) =>
      callEndpoint(rolesApi.assign, { params: { userId, roleId }, body: { companyIds } }),
    onSuccess: () => refreshUsers(queryClient, "assignment"),
    meta: SILENT,
  });
}

/** Takes a role away in one company (companyId null: the global assignment). */
export function useRemoveRole(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roleId, companyId }: { roleId: string; companyId: string | null }) =>
      callEndpoint(rolesApi.unassign, { params: { userId, roleId }, body: { companyId } }),
    onSuccess: () => refreshUsers(queryClient, "assignment"),
    meta: SILENT,
  });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateRole) => callEndpoint(rolesApi.create, { body: input }),
    onSuccess: () => refreshUsers(queryClient, "roles"),
    meta: SILENT,
  });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roleId: string) => callEndpoint(rolesApi.remove, { params: { id: roleId } }),
    onSuccess: () => refreshUsers(queryClient, "roles"),
    meta: SILENT,
  });
}

type PermissionToggle = { role: TRole; permission: { id: string; name: string }; granted: boolean };

/** The role with the permission added or removed, as the checklist shows it before the server answers. */
function toggled({ role, permission, granted }: PermissionToggle): TRole {
  const others = role.rolePermissions.filter((rp) => rp.permissionId !== permission.id);
  return {
    ...role,
    rolePermissions: granted
      ? [...others, { roleId: role.id, permissionId: permission.id, permission }]
      : others,
  };
}

/**
 * Adds or removes one permission of a role at once: the checklist changes before the answer
 * (optimistic) and returns to what it was when the call fails; the caller says why.
 */
export function useTogglePermission() {
  const queryClient = useQueryClient();
  const key = endpointKey(rolesApi.list, ALL_ROLES);
  return useMutation({
    mutationFn: ({ role, permission, granted }: PermissionToggle) =>
      callEndpoint(granted ? rolesApi.addPermission : rolesApi.removePermission, {
        params: { roleId: role.id, permissionId: permission.id },
      }),
    onMutate: async (toggle) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<{ items: TRole[] }>(key);
      if (before) {
        queryClient.setQueryData(key, {
          ...before,
          items: before.items.map((role) =>
            role.id === toggle.role.id ? toggled({ ...toggle, role }) : role,
          ),
        });
      }
      return { before };
    },
    onError: (_error, _toggle, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => refreshUsers(queryClient, "roles"),
    meta: SILENT,
  });
}
