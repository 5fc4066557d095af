import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { zMessage } from "../../../contract/common.ts";
import {
  zAbsence,
  zAbsenceInput,
  zAbsenceParams,
  zAbsences,
  zCompanyEmployeesQuery,
  zCompanyIdParams,
  zCreateEmployee,
  zDecideEmployee,
  zEmployee,
  zEmployeeDetails,
  zEmployeeFilterOptions,
  zEmployeeFilterOptionsQuery,
  zEmployeeIdParams,
  zEmployeesExportQuery,
  zEmployeesListQuery,
  zEmployeesPage,
  zEmployeesWithAllDataQuery,
  zEmployeesWithAllDataResponse,
  zEmployeesWithOrdersQuery,
  zUpdateEmployee,
} from "../../../contract/employees.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createAbsencesService, createEmployeesService } from "./service.ts";

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };
const writeErrors = { ...errors, 409: zErrorResponse };
/** A whole list as a file is heavy: a few a minute is plenty for a person. */
const exportLimit = { rateLimit: { max: 20, timeWindow: "1 minute" } };

/**
 * Beneficiary employees, the employer's side (SPEC §7 "Orders and employees"; src/contract/employees.ts
 * lists every call). Reads need employees.read, changes employees.manage, the decision employees.decide.
 */
export const employeesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createEmployeesService(ctx);
  const absences = createAbsencesService(ctx);
  const guards = createGuards(ctx);
  const read = guards.permission("employees.read");
  const manage = guards.permission("employees.manage");
  const decide = guards.permission("employees.decide");
  const tags = ["employees"];

  app.get(
    "/beneficiary-employee/employeesOptimizedList",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "The employees of the caller's companies, filtered and paged in SQL, newest first",
        querystring: zEmployeesListQuery,
        response: { 200: zEmployeesPage, ...errors },
      },
    },
    async (request) => service.list(currentUser(request), request.query),
  );

  app.get(
    "/beneficiary-employee/export",
    {
      preHandler: read,
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

  app.get(
    "/beneficiary-employee/companies/:id/employees",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "The employees of one of the caller's companies, paged, newest first",
        params: zCompanyIdParams,
        querystring: zCompanyEmployeesQuery,
        response: { 200: zEmployeesPage, ...errors },
      },
    },
    async (request) => service.ofCompany(currentUser(request), request.params.id, request.query),
  );

  app.get(
    "/beneficiary-employee/employeesWithAllDataOnly",
    {
      preHandler: read,
      schema: {
        tags,
        summary:
          "Accepted employees with complete payroll data (employee number and cost unit); minimalData=true: names only",
        querystring: zEmployeesWithAllDataQuery,
        response: { 200: zEmployeesWithAllDataResponse, ...errors },
      },
    },
    async (request) => service.withAllData(currentUser(request), request.query),
  );

  app.get(
    "/employeesWithOrders",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "The employees of the caller's companies that have at least one order, with their orders",
        querystring: zEmployeesWithOrdersQuery,
        response: { 200: zEmployeesPage, ...errors },
      },
    },
    async (request) => service.withOrders(currentUser(request), request.query),
  );

  app.get(
    "/beneficiary-employee/filter-options",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "The cost units, payroll groups and units the employee list's filters offer",
        querystring: zEmployeeFilterOptionsQuery,
        response: { 200: zEmployeeFilterOptions, ...errors },
      },
    },
    async (request) => service.filterOptions(currentUser(request), request.query.companyId),
  );

  app.get(
    "/beneficiary-employee/details/:id",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "One employee with their orders and absences",
        params: zEmployeeIdParams,
        response: { 200: zEmployeeDetails, ...errors },
      },
    },
    async (request) => service.details(currentUser(request), request.params.id),
  );

  app.post(
    "/beneficiary-employee/create",
    {
      preHandler: manage,
      schema: {
        tags,
        summary:
          "Add an employee to one of the caller's companies (accepted at once); a new address gets an account and a set-password mail",
        body: zCreateEmployee,
        response: { 201: zEmployee, ...writeErrors },
      },
    },
    async (request, reply) => {
      const employee = await service.create(currentUser(request), request.body, request.log);
      return reply.code(201).send(employee);
    },
  );

  app.post(
    "/beneficiary-employee/:id/update",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Change an employee's payroll fields, last working day, max price, note or names",
        params: zEmployeeIdParams,
        body: zUpdateEmployee,
        response: { 200: zEmployee, ...writeErrors },
      },
    },
    async (request) => service.update(currentUser(request), request.params.id, request.body),
  );

  app.post(
    "/beneficiary-employee/:id/decide",
    {
      preHandler: decide,
      schema: {
        tags,
        summary:
          "Accept or reject a joining request with the employee's fields and role flags; 409 EMPLOYEE_ALREADY_DECIDED",
        params: zEmployeeIdParams,
        body: zDecideEmployee,
        response: { 200: zEmployee, ...writeErrors },
      },
    },
    async (request) => service.decide(currentUser(request), request.params.id, request.body, request.log),
  );

  app.get(
    "/beneficiary-employee/:id/absences",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "An employee's absences, latest first",
        params: zEmployeeIdParams,
        response: { 200: zAbsences, ...errors },
      },
    },
    async (request) => absences.list(currentUser(request), request.params.id),
  );

  app.post(
    "/beneficiary-employee/:id/absences",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Record an absence (Sairasloma, Vanhempainvapaa, Muu); 409 ABSENCE_OVERLAPS",
        params: zEmployeeIdParams,
        body: zAbsenceInput,
        response: { 201: zAbsence, ...writeErrors },
      },
    },
    async (request, reply) => {
      const absence = await absences.create(currentUser(request), request.params.id, request.body);
      return reply.code(201).send(absence);
    },
  );

  app.put(
    "/beneficiary-employee/:id/absences/:absenceId",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Change an absence (its end once the return date is known); 409 ABSENCE_OVERLAPS",
        params: zAbsenceParams,
        body: zAbsenceInput,
        response: { 200: zAbsence, ...writeErrors },
      },
    },
    async (request) =>
      absences.update(currentUser(request), request.params.id, request.params.absenceId, request.body),
  );

  app.delete(
    "/beneficiary-employee/:id/absences/:absenceId",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Remove an absence recorded by mistake",
        params: zAbsenceParams,
        response: { 200: zMessage, ...errors },
      },
    },
    async (request) => absences.remove(currentUser(request), request.params.id, request.params.absenceId),
  );
};
