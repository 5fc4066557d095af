import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  zAcceptApplication,
  zApplicationAccepted,
  zApplicationIdParams,
  zApplicationsQuery,
  zCompanyApplication,
  zCompanyApplicationsPage,
  zCount,
  zEventLogPage,
  zEventLogQuery,
  zHelpdeskSearchQuery,
  zHelpdeskSearchResult,
  zPlatformReport,
  zPlatformReportQuery,
  zRejectApplication,
} from "../../../contract/admin.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createApplicationsService } from "./applications.ts";
import { createEventLogService } from "./event-log.ts";
import { createHelpdeskSearchService } from "./helpdesk-search.ts";
import { createPlatformReportService } from "./platform-report.ts";

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };
const writeErrors = { ...errors, 409: zErrorResponse };

/** The admin area's own calls (SPEC §2 admin tabs): company applications, event log, reporting, helpdesk search. */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const applications = createApplicationsService(ctx);
  const eventLog = createEventLogService(ctx);
  const report = createPlatformReportService(ctx);
  const search = createHelpdeskSearchService(ctx);
  const guards = createGuards(ctx);
  const manageCompanies = guards.permission("companies.manage");
  const tags = ["admin"];

  app.get(
    "/company-applications",
    {
      preHandler: manageCompanies,
      schema: {
        tags,
        summary: "Company applications (sign-ups of /register), newest first",
        querystring: zApplicationsQuery,
        response: { 200: zCompanyApplicationsPage, ...errors },
      },
    },
    async (request) => applications.list(request.query),
  );

  app.get(
    "/company-applications/pending-count",
    {
      preHandler: manageCompanies,
      schema: {
        tags,
        summary: "How many applications wait for review",
        response: { 200: zCount, ...errors },
      },
    },
    async () => applications.pendingCount(),
  );

  app.get(
    "/company-applications/:id",
    {
      preHandler: manageCompanies,
      schema: {
        tags,
        summary: "One company application",
        params: zApplicationIdParams,
        response: { 200: zCompanyApplication, ...errors },
      },
    },
    async (request) => applications.get(request.params.id),
  );

  app.post(
    "/company-applications/:id/accept",
    {
      preHandler: manageCompanies,
      schema: {
        tags,
        summary:
          "Accept: creates the company and its employer admin in one transaction; 409 " +
          "APPLICATION_ALREADY_REVIEWED, BUSINESS_ID_TAKEN, GROUP_COMPANY_EXISTS_ERROR",
        params: zApplicationIdParams,
        body: zAcceptApplication,
        response: { 200: zApplicationAccepted, ...writeErrors },
      },
    },
    async (request) =>
      applications.accept(currentUser(request), request.params.id, request.body, request.log),
  );

  app.post(
    "/company-applications/:id/reject",
    {
      preHandler: manageCompanies,
      schema: {
        tags,
        summary: "Reject with a reason mailed to the applicant; 409 APPLICATION_ALREADY_REVIEWED",
        params: zApplicationIdParams,
        body: zRejectApplication,
        response: { 200: zCompanyApplication, ...writeErrors },
      },
    },
    async (request) =>
      applications.reject(currentUser(request), request.params.id, request.body, request.log),
  );

  app.get(
    "/event-log",
    {
      preHandler: guards.permission("audit.read"),
      schema: {
        tags,
        summary: "The event log, filtered and paged, newest first",
        querystring: zEventLogQuery,
        response: { 200: zEventLogPage, ...errors },
      },
    },
    async (request) => eventLog.list(request.query),
  );

  app.get(
    "/admin/reports",
    {
      preHandler: guards.permission("platform-reports.read"),
      schema: {
        tags,
        summary: "Platform-wide figures per Helsinki month of the range (default the last 12 months)",
        querystring: zPlatformReportQuery,
        response: { 200: zPlatformReport, ...errors },
      },
    },
    async (request) => report.report(request.query),
  );

  app.get(
    "/admin/search",
    {
      preHandler: guards.permission("helpdesk.search"),
      schema: {
        tags,
        summary: "Helpdesk search across companies, users and orders (up to 10 of each)",
        querystring: zHelpdeskSearchQuery,
        response: { 200: zHelpdeskSearchResult, ...errors },
      },
    },
    async (request) => search.search(request.query.q),
  );
};
