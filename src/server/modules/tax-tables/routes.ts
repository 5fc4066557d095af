import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zMessage } from "../../../contract/common.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  zProvinceTaxTable,
  zProvinceTaxTableInput,
  zProvinceTaxTablesPage,
  zProvinceTaxTablesQuery,
  zStateIncomeTaxTable,
  zStateIncomeTaxTableInput,
  zStateIncomeTaxTablesPage,
  zTaxpayerDeductionsTable,
  zTaxpayerDeductionsTableInput,
  zTaxpayerDeductionsTablesPage,
  zTaxTable,
  zTaxTableIdParams,
  zTaxTableInput,
  zTaxTablesPage,
  zTaxTablesQuery,
} from "../../../contract/tax-tables.ts";
import type { AppContext } from "../../context.ts";
import { createGuards } from "../../plugins/auth.ts";
import { createTaxTablesService } from "./service.ts";

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };
const writeErrors = { ...errors, 409: zErrorResponse };

/**
 * The four tax tables' full CRUD (SPEC §7 "Tax tables"): /api/province-tax-table, /api/tax-table,
 * /api/state-income-tax-table and /api/taxpayer-deductions-table, each list, get, create, update and
 * delete. The admin tier only (tax-tables.manage).
 */
export const taxTablesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createTaxTablesService(ctx);
  const manage = createGuards(ctx).permission("tax-tables.manage");
  const tags = ["tax-tables"];

  // ---- /api/province-tax-table ----
  app.get(
    "/province-tax-table",
    {
      preHandler: manage,
      schema: {
        tags,
        summary:
          "Province (municipal) tax rates, newest year first, then by municipality (filters: year, search)",
        querystring: zProvinceTaxTablesQuery,
        response: { 200: zProvinceTaxTablesPage, ...errors },
      },
    },
    async (request) => service.listProvinces(request.query),
  );

  app.post(
    "/province-tax-table",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Create a province (municipal) tax rate of a year",
        body: zProvinceTaxTableInput,
        response: { 201: zProvinceTaxTable, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createProvince(request.body)),
  );

  app.get(
    "/province-tax-table/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "One of the province tax tables",
        params: zTaxTableIdParams,
        response: { 200: zProvinceTaxTable, ...errors },
      },
    },
    async (request) => service.getProvince(request.params.id),
  );

  app.put(
    "/province-tax-table/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary:
          "Replace a province (municipal) tax rate of a year (omitted optional fields take their defaults)",
        params: zTaxTableIdParams,
        body: zProvinceTaxTableInput,
        response: { 200: zProvinceTaxTable, ...writeErrors },
      },
    },
    async (request) => service.updateProvince(request.params.id, request.body),
  );

  app.delete(
    "/province-tax-table/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Delete a province (municipal) tax rate of a year",
        params: zTaxTableIdParams,
        response: { 200: zMessage, ...errors },
      },
    },
    async (request) => service.deleteProvince(request.params.id),
  );

  // ---- /api/tax-table ----
  app.get(
    "/tax-table",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Tax tables (a year's payroll parameters), newest year first (filter: year)",
        querystring: zTaxTablesQuery,
        response: { 200: zTaxTablesPage, ...errors },
      },
    },
    async (request) => service.listTaxTables(request.query),
  );

  app.post(
    "/tax-table",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Create a year's payroll parameters (tax table)",
        body: zTaxTableInput,
        response: { 201: zTaxTable, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createTaxTable(request.body)),
  );

  app.get(
    "/tax-table/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "One of the tax tables",
        params: zTaxTableIdParams,
        response: { 200: zTaxTable, ...errors },
      },
    },
    async (request) => service.getTaxTable(request.params.id),
  );

  app.put(
    "/tax-table/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary:
          "Replace a year's payroll parameters (tax table) (omitted optional fields take their defaults)",
        params: zTaxTableIdParams,
        body: zTaxTableInput,
        response: { 200: zTaxTable, ...writeErrors },
      },
    },
    async (request) => service.updateTaxTable(request.params.id, request.body),
  );

  app.delete(
    "/tax-table/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Delete a year's payroll parameters (tax table)",
        params: zTaxTableIdParams,
        response: { 200: zMessage, ...errors },
      },
    },
    async (request) => service.deleteTaxTable(request.params.id),
  );

  // ---- /api/state-income-tax-table ----
  app.get(
    "/state-income-tax-table",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "State income tax brackets, newest year first, then by lower limit (filter: year)",
        querystring: zTaxTablesQuery,
        response: { 200: zStateIncomeTaxTablesPage, ...errors },
      },
    },
    async (request) => service.listStateIncomeTax(request.query),
  );

  app.post(
    "/state-income-tax-table",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Create a state income tax bracket",
        body: zStateIncomeTaxTableInput,
        response: { 201: zStateIncomeTaxTable, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createStateIncomeTax(request.body)),
  );

  app.get(
    "/state-income-tax-table/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "One of the state income tax tables",
        params: zTaxTableIdParams,
        response: { 200: zStateIncomeTaxTable, ...errors },
      },
    },
    async (request) => service.getStateIncomeTax(request.params.id),
  );

  app.put(
    "/state-income-tax-table/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Replace a state income tax bracket (omitted optional fields take their defaults)",
        params: zTaxTableIdParams,
        body: zStateIncomeTaxTableInput,
        response: { 200: zStateIncomeTaxTable, ...writeErrors },
      },
    },
    async (request) => service.updateStateIncomeTax(request.params.id, request.body),
  );

  app.delete(
    "/state-income-tax-table/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Delete a state income tax bracket",
        params: zTaxTableIdParams,
        response: { 200: zMessage, ...errors },
      },
    },
    async (request) => service.deleteStateIncomeTax(request.params.id),
  );

  // ---- /api/taxpayer-deductions-table ----
  app.get(
    "/taxpayer-deductions-table",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Taxpayer deductions, newest year first, then by deduction type (filter: year)",
        querystring: zTaxTablesQuery,
        response: { 200: zTaxpayerDeductionsTablesPage, ...errors },
      },
    },
    async (request) => service.listDeductions(request.query),
  );

  app.post(
    "/taxpayer-deductions-table",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Create a taxpayer deduction of a year",
        body: zTaxpayerDeductionsTableInput,
        response: { 201: zTaxpayerDeductionsTable, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createDeductions(request.body)),
  );

  app.get(
    "/taxpayer-deductions-table/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "One of the taxpayer deductions tables",
        params: zTaxTableIdParams,
        response: { 200: zTaxpayerDeductionsTable, ...errors },
      },
    },
    async (request) => service.getDeductions(request.params.id),
  );

  app.put(
    "/taxpayer-deductions-table/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Replace a taxpayer deduction of a year (omitted optional fields take their defaults)",
        params: zTaxTableIdParams,
        body: zTaxpayerDeductionsTableInput,
        response: { 200: zTaxpayerDeductionsTable, ...writeErrors },
      },
    },
    async (request) => service.updateDeductions(request.params.id, request.body),
  );

  app.delete(
    "/taxpayer-deductions-table/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Delete a taxpayer deduction of a year",
        params: zTaxTableIdParams,
        response: { 200: zMessage, ...errors },
      },
    },
    async (request) => service.deleteDeductions(request.params.id),
  );
};
