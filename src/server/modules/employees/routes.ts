import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { zEmployeesExportQuery } from "../../../contract/employee-list-queries.ts";
import { employeesApi as api } from "../../../contract/employees.ts";
import { employmentInvitationsApi as invitationsApi } from "../../../contract/employment-invitations.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { reach } from "../auth/reach.ts";
import { recordPersonAccess } from "../person-access/record.ts";
import { createAbsencesService, createEmployeesService } from "./service.ts";

const tags = ["employees"];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };
/** A whole list as a file is heavy: a few a minute is plenty for a person. */
const exportLimit = { rateLimit: { max: 20, timeWindow: "1 minute" } };

/**
 * Beneficiary employees, the employer's side (docs/api-surface.md "Orders and employees"; src/contract/employees.ts
 * lists every call). Reads need employees.read, changes employees.manage, the decision employees.decide.
 * The export answers a file, so it keeps a registration of its own.
 */
export const employeesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createEmployeesService(ctx);
  const absences = createAbsencesService(ctx);
  const guards = createGuards(ctx);
  const db = ctx.database.db;
  const read = guards.permission("employees.read");
  // One employee's page and changes: the permission counts in the employee's company only.
  const employee = reach.employee({ param: "id" });
  const readOne = guards.permissionIn(employee, "employees.read");
  const manageOne = guards.permissionIn(employee, "employees.manage");

  app.route({
    ...endpointRoute(api.list, tags),
    preValidation: read,
    handler: async (request) => {
      const viewer = currentUser(request);
      const page = await service.list(viewer, request.query);
      await recordPersonAccess(db, viewer, request, {
        kind: "EMPLOYEE_LIST",
        shownCount: page.employees.length,
      });
      return page;
    },
  });

  app.get(
    api.exportFile.path,
    {
      preValidation: read,
      config: exportLimit,
      schema: {
        tags,
        summary: "The filtered employee list as a CSV (Finnish Excel) or XLSX file, every matching row",
        querystring: zEmployeesExportQuery,
        // A file, streamed: Fastify sends a stream as it is, the schema only documents the answer.
        response: { 200: z.string().describe("The file: text/csv or XLSX"), ...errors },
      },
    },
    async (request, reply) => {
      const file = service.exportFile(currentUser(request), request.query, (error) =>
        request.log.error({ err: error }, "employee export failed"),
      );
      return (
        reply
          .header("content-type", file.contentType)
          .header("content-disposition", `attachment; filename="${file.fileName}"`)
          .header("cache-control", "no-store")
          // The typed reply knows the documented string; the body is its stream.
          .send(file.body as unknown as string)
      );
    },
  );

  app.route({
    ...endpointRoute(api.ofCompany, tags),
    preValidation: read,
    handler: async (request) => service.ofCompany(currentUser(request), request.params.id, request.query),
  });

  app.route({
    ...endpointRoute(api.withAllData, tags),
    preValidation: read,
    handler: async (request) => service.withAllData(currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(api.withOrders, tags),
    preValidation: read,
    handler: async (request) => service.withOrders(currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(api.filterOptions, tags),
    preValidation: read,
    handler: async (request) => service.filterOptions(currentUser(request), request.query.companyId),
  });

  app.route({
    ...endpointRoute(api.details, tags),
    preValidation: readOne,
    handler: async (request) => {
      const viewer = currentUser(request);
      const details = await service.details(viewer, request.params.id);
      await recordPersonAccess(db, viewer, request, {
        kind: "EMPLOYEE_DETAILS",
        subjectUserId: details.userId,
        companyId: details.companyId,
      });
      return details;
    },
  });

  app.route({
    ...endpointRoute(api.create, tags),
    preValidation: guards.permissionIn(reach.company({ body: "companyId" }), "employees.manage"),
    handler: async (request, reply) => {
      const employee = await service.create(currentUser(request), request.body);
      return reply.code(201).send(employee);
    },
  });

  app.route({
    ...endpointRoute(invitationsApi.companyInvitations, tags),
    preValidation: read,
    handler: async (request) => service.invitations(currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(invitationsApi.withdraw, tags),
    preValidation: guards.permissionIn(reach.invitation({ param: "id" }), "employees.manage"),
    handler: async (request) => service.withdrawInvitation(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.update, tags),
    preValidation: manageOne,
    handler: async (request) => service.update(currentUser(request), request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.decide, tags),
    preValidation: guards.permissionIn(employee, "employees.decide"),
    handler: async (request) => service.decide(currentUser(request), request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.absences, tags),
    preValidation: readOne,
    handler: async (request) => absences.list(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.addAbsence, tags),
    preValidation: manageOne,
    handler: async (request, reply) => {
      const absence = await absences.create(currentUser(request), request.params.id, request.body);
      return reply.code(201).send(absence);
    },
  });

  app.route({
    ...endpointRoute(api.updateAbsence, tags),
    preValidation: manageOne,
    handler: async (request) =>
      absences.update(currentUser(request), request.params.id, request.params.absenceId, request.body),
  });

  app.route({
    ...endpointRoute(api.removeAbsence, tags),
    preValidation: manageOne,
    handler: async (request) =>
      absences.remove(currentUser(request), request.params.id, request.params.absenceId),
  });
};
