import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zMessage } from "../../../contract/common.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  zAssignUserRole,
  zCreateRole,
  zPermissionsPage,
  zReferenceListQuery,
  zRemoveUserRoleBody,
  zRole,
  zRoleIdParams,
  zRolePermissionParams,
  zRolesPage,
  zRoleUsersPage,
  zRoleUsersParams,
  zRoleUsersQuery,
  zUserRoleAssignments,
  zUserRoleParams,
} from "../../../contract/roles.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createRolesService } from "./service.ts";

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };
const writeErrors = { ...errors, 409: zErrorResponse };

/** Roles, permissions, role permissions and role assignments (SPEC §6 admin screens, §7 "Roles"). */
export const rolesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createRolesService(ctx);
  const guards = createGuards(ctx);
  const read = guards.permission("roles.read");
  const manage = guards.permission("roles.manage");
  // Who holds which role is user management (the helpdesk's daily work); what a role may do is not.
  // ensureMayGrant keeps the super admin role with super admins.
  const assign = guards.permission("roles.manage", "system-users.manage");
  const tags = ["roles"];

  app.get(
    "/roles",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "Roles with their permissions",
        querystring: zReferenceListQuery,
        response: { 200: zRolesPage, ...errors },
      },
    },
    async (request) => service.listRoles(request.query),
  );

  app.post(
    "/roles",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Create a role",
        body: zCreateRole,
        response: { 201: zRole, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createRole(currentUser(request), request.body)),
  );

  app.delete(
    "/roles/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Delete a role that is not built in and no longer assigned",
        params: zRoleIdParams,
        response: { 200: zMessage, ...writeErrors },
      },
    },
    async (request) => service.deleteRole(currentUser(request), request.params.id),
  );

  app.get(
    "/permissions",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "Permission names",
        querystring: zReferenceListQuery,
        response: { 200: zPermissionsPage, ...errors },
      },
    },
    async (request) => service.listPermissions(request.query),
  );

  app.post(
    "/roles/:roleId/permissions/:permissionId",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Give a role a permission (idempotent); answers the role",
        params: zRolePermissionParams,
        response: { 200: zRole, ...errors },
      },
    },
    async (request) =>
      service.addPermission(currentUser(request), request.params.roleId, request.params.permissionId),
  );

  app.delete(
    "/roles/:roleId/permissions/:permissionId",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Take a permission from a role (idempotent); answers the role",
        params: zRolePermissionParams,
        response: { 200: zRole, ...errors },
      },
    },
    async (request) =>
      service.removePermission(currentUser(request), request.params.roleId, request.params.permissionId),
  );

  app.get(
    "/user-roles/roles/:roleId/users",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "Users holding the role, with the companies they hold it in",
        params: zRoleUsersParams,
        querystring: zRoleUsersQuery,
        response: { 200: zRoleUsersPage, ...errors },
      },
    },
    async (request) => service.roleUsers(currentUser(request), request.params.roleId, request.query),
  );

  app.post(
    "/user-roles/users/:userId/roles/:roleId",
    {
      preHandler: assign,
      schema: {
        tags,
        summary: "Assign a role to a user in one or more companies (admin roles: empty list = global)",
        params: zUserRoleParams,
        body: zAssignUserRole,
        response: { 200: zUserRoleAssignments, ...errors },
      },
    },
    async (request) =>
      service.assignRole(currentUser(request), request.params.userId, request.params.roleId, request.body),
  );

  app.delete(
    "/user-roles/users/:userId/roles/:roleId",
    {
      preHandler: assign,
      schema: {
        tags,
        summary: "Remove a role from a user in one company (companyId null or omitted: the global one)",
        params: zUserRoleParams,
        body: zRemoveUserRoleBody,
        response: { 200: zUserRoleAssignments, ...errors },
      },
    },
    async (request) =>
      service.removeRole(currentUser(request), request.params.userId, request.params.roleId, request.body),
  );
};
