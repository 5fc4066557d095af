import { z } from "zod";
import {
  EVENT_ENTITY_TYPES,
  EVENT_TYPES,
  LANGUAGES,
  ORDER_STATUSES,
  PAYER_TYPES,
  REQUEST_STATUSES,
} from "../domain/enums.ts";
import { zPage, zPageQuery } from "./common.ts";
import { zCompanyDetails, zCreateCompany } from "./companies.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zMultiLineText, zSingleLineText } from "./text.ts";
import { zDateOnly } from "./values.ts";

/**
 * The admin area's own calls, all for the admin tier only:
 *
 * Company applications (companies.manage) — the sign-ups of /register:
 * - GET /api/company-applications — `zApplicationsQuery`; list envelope of `zCompanyApplication`,
 *   newest first. GET /api/company-applications/pending-count → `{ count }` (the Hakemukset badge).
 * - GET /api/company-applications/{id} → `zCompanyApplication`.
 * - POST /api/company-applications/{id}/accept `zAcceptApplication` → `zApplicationAccepted`: in one
 *   transaction creates the company from the application (plus the given settings), makes the contact
 *   person its EMPLOYER_ADMIN (a new account gets a set-password link by e-mail in the application's
 *   language; an existing account gets the role), marks the application ACCEPTED and logs
 *   COMPANY_APPLICATION_ACCEPTED and COMPANY_CREATED. 409 APPLICATION_ALREADY_REVIEWED, 409
 *   BUSINESS_ID_TAKEN, 409 GROUP_COMPANY_EXISTS_ERROR; 400 when groupCompanyId, leasingCompanyId or
 *   billingTableId names nothing, or both groupCompanyId and newGroupCompanyName are given.
 * - POST /api/company-applications/{id}/reject `zRejectApplication` → `zCompanyApplication`; the
 *   applicant gets a mail; COMPANY_APPLICATION_REJECTED is logged. 409 APPLICATION_ALREADY_REVIEWED.
 *
 * Event log (audit.read):
 * - GET /api/event-log — `zEventLogQuery`; list envelope of `zEventLogEntry`, newest first.
 *
 * Platform reporting (platform-reports.read):
 * - GET /api/admin/reports — `zPlatformReportQuery`; `zPlatformReport`. The CSV export is built in
 *   the browser from this answer. 400 when `from` is after `to`.
 *
 * Helpdesk search (helpdesk.search):
 * - GET /api/admin/search?q — `zHelpdeskSearchQuery`; `zHelpdeskSearchResult` (up to 10 of each kind).
 */

// ---- Company applications -------------------------------------------------------------------------

export const zApplicationsQuery = lazy(() =>
  zPageQuery.extend({
    status: z.enum(REQUEST_STATUSES).optional(),
    /** Company name, business ID, contact name or e-mail contains; trimmed. */
    search: zSingleLineText({ max: 100 }).optional(),
  }),
);
export type TApplicationsQuery = z.infer<typeof zApplicationsQuery>;

export const zCompanyApplication = lazy(() =>
  z.object({
    id: z.uuid(),
    companyName: z.string(),
    businessId: z.string(),
    contactFirstName: z.string(),
    contactLastName: z.string(),
    contactEmail: z.string(),
    contactPhoneNumber: z.string().nullable(),
    employeeCount: z.int().nullable(),
    streetAddress: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    billingEmail: z.string().nullable(),
    eInvoiceAddress: z.string().nullable(),
    eInvoiceOperator: z.string().nullable(),
    language: z.enum(LANGUAGES),
    message: z.string().nullable(),
    status: z.enum(REQUEST_STATUSES),
    reviewedBy: z.object({ userId: z.uuid(), name: z.string() }).nullable(),
    reviewedAt: z.iso.datetime().nullable(),
    reviewNote: z.string().nullable(),
    /** The company made on acceptance. */
    createdCompanyId: z.uuid().nullable(),
    /** Another company already has this business ID (the helpdesk should look before accepting). */
    businessIdInUse: z.boolean(),
    createdAt: z.iso.datetime(),
  }),
);
export type TCompanyApplication = z.infer<typeof zCompanyApplication>;
export const zCompanyApplicationsPage = lazy(() => zPage(zCompanyApplication));

const zApplicationIdParams = lazy(() => z.object({ id: z.uuid() }));

/** Settings the helpdesk adds on acceptance; the rest comes from the application. */
export const zAcceptApplication = lazy(() =>
  zCreateCompany
    .pick({
      groupCompanyId: true,
      newGroupCompanyName: true,
      maxPrice: true,
      paymentMode: true,
      leasingCompanyId: true,
      billingTableId: true,
      previousProvider: true,
      unitNames: true,
    })
    .extend({ reviewNote: zMultiLineText({ max: 1000 }).optional() }),
);
export type TAcceptApplication = z.infer<typeof zAcceptApplication>;

export const zRejectApplication = lazy(() =>
  z.object({
    /** Why, for the record and the applicant's mail. */
    reviewNote: zMultiLineText({ min: 1, max: 1000 }),
  }),
);
export type TRejectApplication = z.infer<typeof zRejectApplication>;

export const zApplicationAccepted = lazy(() =>
  z.object({
    application: zCompanyApplication,
    company: zCompanyDetails,
    /** The employer admin: true when a new account was made and a set-password link sent. */
    adminUserId: z.uuid(),
    adminInvited: z.boolean(),
  }),
);
export type TApplicationAccepted = z.infer<typeof zApplicationAccepted>;

export const zCount = lazy(() => z.object({ count: z.int() }));

// ---- Event log ----------------------------------------------------------------------------------------

const zEventLogQuery = lazy(() =>
  zPageQuery.extend({
    /** One or more types, comma-separated (USER_CREATED,ROLE_CREATED). */
    types: z
      .string()
      .max(2000)
      .transform((value) => value.split(",").filter(Boolean))
      .pipe(z.array(z.enum(EVENT_TYPES)).max(EVENT_TYPES.length))
      .optional(),
    actorUserId: z.uuid().optional(),
    companyId: z.uuid().optional(),
    /** Events about one object (the user page's, the company page's history). */
    entityType: z.enum(EVENT_ENTITY_TYPES).optional(),
    entityId: z.uuid().optional(),
    /** Inclusive Helsinki dates. */
    from: zDateOnly.optional(),
    to: zDateOnly.optional(),
  }),
);
export type TEventLogQuery = z.infer<typeof zEventLogQuery>;

const zEventLogEntry = lazy(() =>
  z.object({
    id: z.uuid(),
    type: z.enum(EVENT_TYPES),
    actor: z.object({ userId: z.uuid(), name: z.string(), email: z.string() }).nullable(),
    company: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    entityType: z.enum(EVENT_ENTITY_TYPES),
    entityId: z.uuid(),
    /**
     * What the object is called: a user's name (or e-mail), a company's name, an order's "#number", a
     * lease's agreement number (or its order's "#number"), a role's name, an application's company name;
     * null for other types and for objects since deleted.
     */
    entityLabel: z.string().nullable(),
    data: z.record(z.string(), z.unknown()),
    createdAt: z.iso.datetime(),
  }),
);
export type TEventLogEntry = z.infer<typeof zEventLogEntry>;
export const zEventLogPage = lazy(() => zPage(zEventLogEntry));

// ---- Platform reporting ----------------------------------------------------------------------------------

const zPlatformReportQuery = lazy(() =>
  z.object({
    /** Inclusive Helsinki dates; default the last 12 whole months and the current one. */
    from: zDateOnly.optional(),
    to: zDateOnly.optional(),
  }),
);
export type TPlatformReportQuery = z.infer<typeof zPlatformReportQuery>;

/** A month as YYYY-MM (Helsinki). */
const zMonth = lazy(() => z.string().regex(/^\d{4}-\d{2}$/));

export const zPlatformReport = lazy(() =>
  z.object({
    from: z.string(),
    to: z.string(),
    totals: z.object({
      companies: z.int(),
      groupCompanies: z.int(),
      /** Employments ACCEPTED. */
      employees: z.int(),
      pendingEmployees: z.int(),
      orders: z.int(),
      activeLeases: z.int(),
      pendingApplications: z.int(),
    }),
    /** Every order by its current status (all time). */
    ordersByStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.int() })),
    /** Orders created per month of the range, by their current status; every month present. */
    ordersOverTime: z.array(
      z.object({ month: zMonth, counts: z.partialRecord(z.enum(ORDER_STATUSES), z.int()) }),
    ),
    /** Leasing agreements starting and ending per month of the range; every month present. */
    leases: z.array(z.object({ month: zMonth, started: z.int(), ending: z.int() })),
    /** Invoiced money per payer in the range (invoice issue date), euros incl. VAT. */
    moneyByPayer: z.array(
      z.object({ payerType: z.enum(PAYER_TYPES), invoiced: z.number(), paid: z.number() }),
    ),
  }),
);
export type TPlatformReport = z.infer<typeof zPlatformReport>;

// ---- Helpdesk search --------------------------------------------------------------------------------------

const zHelpdeskSearchQuery = lazy(() =>
  z.object({
    /** At least 2 characters; an order number matches exactly, text matches names and e-mails. */
    q: zSingleLineText({ min: 2, max: 100 }),
  }),
);

export const zHelpdeskSearchResult = lazy(() =>
  z.object({
    companies: z.array(z.object({ id: z.uuid(), name: z.string(), businessId: z.string().nullable() })),
    users: z.array(
      z.object({
        userId: z.uuid(),
        name: z.string(),
        email: z.string(),
        companyName: z.string().nullable(),
      }),
    ),
    orders: z.array(
      z.object({
        orderId: z.uuid(),
        orderNumber: z.int(),
        orderStatus: z.enum(ORDER_STATUSES),
        employeeName: z.string(),
        companyId: z.uuid(),
        companyName: z.string(),
      }),
    ),
  }),
);
export type THelpdeskSearchResult = z.infer<typeof zHelpdeskSearchResult>;

/** The admin area's own calls: company applications, the event log, platform reporting, helpdesk search. */
/**
 * What a super admin decides for the whole platform: today, whether admins and the helpdesk must log
 * in with an authenticator app (until theirs is in use, they can only set it up).
 */
export const zPlatformSettings = lazy(() =>
  z.object({
    staffAuthenticatorRequired: z.boolean(),
    updatedAt: z.iso.datetime({ offset: true }),
  }),
);
export type TPlatformSettings = z.infer<typeof zPlatformSettings>;
const zPlatformSettingsUpdate = lazy(() => z.object({ staffAuthenticatorRequired: z.boolean() }));

export const adminApi = lazy(() => ({
  applications: endpoint({
    method: "GET",
    path: "/company-applications",
    summary: "Company applications (sign-ups of /register), newest first",
    query: zApplicationsQuery,
    response: zCompanyApplicationsPage,
    errors: [400, 401, 403, 404],
  }),
  pendingApplications: endpoint({
    method: "GET",
    path: "/company-applications/pending-count",
    summary: "How many applications wait for review",
    response: zCount,
    errors: [400, 401, 403, 404],
  }),
  application: endpoint({
    method: "GET",
    path: "/company-applications/:id",
    summary: "One company application",
    params: zApplicationIdParams,
    response: zCompanyApplication,
    errors: [400, 401, 403, 404],
  }),
  acceptApplication: endpoint({
    method: "POST",
    path: "/company-applications/:id/accept",
    summary:
      "Accept: creates the company and its employer admin in one transaction; 409 " +
      "APPLICATION_ALREADY_REVIEWED, BUSINESS_ID_TAKEN, GROUP_COMPANY_EXISTS_ERROR",
    params: zApplicationIdParams,
    body: zAcceptApplication,
    response: zApplicationAccepted,
    errors: [400, 401, 403, 404, 409],
  }),
  rejectApplication: endpoint({
    method: "POST",
    path: "/company-applications/:id/reject",
    summary: "Reject with a reason mailed to the applicant; 409 APPLICATION_ALREADY_REVIEWED",
    params: zApplicationIdParams,
    body: zRejectApplication,
    response: zCompanyApplication,
    errors: [400, 401, 403, 404, 409],
  }),
  eventLog: endpoint({
    method: "GET",
    path: "/event-log",
    summary: "The event log, filtered and paged, newest first",
    query: zEventLogQuery,
    response: zEventLogPage,
    errors: [400, 401, 403, 404],
  }),
  report: endpoint({
    method: "GET",
    path: "/admin/reports",
    summary: "Platform-wide figures per Helsinki month of the range (default the last 12 months)",
    query: zPlatformReportQuery,
    response: zPlatformReport,
    errors: [400, 401, 403, 404],
  }),
  search: endpoint({
    method: "GET",
    path: "/admin/search",
    summary: "Helpdesk search across companies, users and orders (up to 10 of each)",
    query: zHelpdeskSearchQuery,
    response: zHelpdeskSearchResult,
    errors: [400, 401, 403, 404],
  }),
  platformSettings: endpoint({
    method: "GET",
    path: "/admin/platform-settings",
    summary: "The platform's settings: whether staff must log in with an authenticator app",
    response: zPlatformSettings,
    errors: [401, 403],
  }),
  updatePlatformSettings: endpoint({
    method: "PUT",
    path: "/admin/platform-settings",
    summary: "Change the platform's settings (super admin); event-logged",
    body: zPlatformSettingsUpdate,
    response: zPlatformSettings,
    errors: [400, 401, 403],
  }),
}));
