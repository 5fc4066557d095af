import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { rolesApi as api } from "../../../contract/roles.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { createRolesService } from "./service.ts";

const tags = ["roles"];

/** Roles, permissions, role permissions and role assignments (docs/product.md "Roles" admin screens, docs/api-surface.md "Roles"). */
export const rolesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createRolesService(ctx);
  const guards = createGuards(ctx);
  const read = guards.permission("roles.read");
  const manage = guards.permission("roles.manage");
  // Who holds which role is user management (the helpdesk's daily work); what a role may do is not.
  // ensureMayGrant keeps the super admin role with super admins.
  const assign = guards.permission("roles.manage", "system-users.manage");

  app.route({
    ...endpointRoute(api.list, tags),
    preValidation: read,
    handler: async (request) => service.listRoles(request.query),
  });

  app.route({
    ...endpointRoute(api.create, tags),
    preValidation: manage,
    handler: async (request, reply) =>
      reply.code(201).send(await service.createRole(currentUser(request), request.body)),
  });

  app.route({
    ...endpointRoute(api.remove, tags),
    preValidation: manage,
    handler: async (request) => service.deleteRole(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.permissions, tags),
    preValidation: read,
    handler: async (request) => service.listPermissions(request.query),
  });

  app.route({
    ...endpointRoute(api.addPermission, tags),
    preValidation: manage,
    handler: async (request) =>
      service.addPermission(currentUser(request), request.params.roleId, request.params.permissionId),
  });

  app.route({
    ...endpointRoute(api.removePermission, tags),
    preValidation: manage,
    handler: async (request) =>
      service.removePermission(currentUser(request), request.params.roleId, request.params.permissionId),
  });

  app.route({
    ...endpointRoute(api.users, tags),
    preValidation: read,
    handler: async (request) => service.roleUsers(currentUser(request), request.params.roleId, request.query),
  });

  app.route({
    ...endpointRoute(api.assign, tags),
    preValidation: assign,
    handler: async (request) =>
      service.assignRole(currentUser(request), request.params.userId, request.params.roleId, request.body),
  });

  app.route({
    ...endpointRoute(api.unassign, tags),
    preValidation: assign,
    handler: async (request) =>
      service.removeRole(currentUser(request), request.params.userId, request.params.roleId, request.body),
  });
};
