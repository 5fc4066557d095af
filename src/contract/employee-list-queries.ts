import { z } from "zod";
import { EMPLOYEE_LIST_PAGE_SIZE } from "../domain/constants.ts";
import { EMPLOYEE_FILTER_TYPES, EMPLOYEE_PAGE_SIZE_MAX } from "../domain/employees.ts";
import { LANGUAGES, ORDER_STATUSES, PAYMENT_STATUSES } from "../domain/enums.ts";
import { lazy } from "./lazy.ts";
import { zSingleLineText } from "./text.ts";
import { zDateOnly } from "./values.ts";

/** The queries of the employer's lists of employees and their exports (employees.ts has the calls). */

/** A search field: trimmed (docs/product.md "Field rules"); empty means no filter. */
const zSearch = lazy(() => zSingleLineText({ max: 100 }).optional());
/** A filter value typed or picked by the employer: empty means 'Kaikki' (no filter). */
const zFilterValue = lazy(() => zSingleLineText({ max: 100 }).optional());

const zPageSize = lazy(() =>
  z.coerce.number().int().min(1).max(EMPLOYEE_PAGE_SIZE_MAX).default(EMPLOYEE_LIST_PAGE_SIZE),
);
const zPageNumber = lazy(() => z.coerce.number().int().min(1).max(100_000).default(1));

/**
 * Where the next or previous page starts: the nextCursor or previousCursor of the page on screen, opaque
 * to the web. With one, the page is sought by the list's index instead of counted past (`page` still
 * names it), so page 5,000 of a 100,000-employee group costs what page 2 does (docs/decisions/011).
 */
const zPageCursor = lazy(() =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
);

export const zEmployeesListQuery = lazy(() =>
  z.object({
    page: zPageNumber,
    pageSize: zPageSize,
    /** The page after the one whose nextCursor this is. */
    after: zPageCursor,
    /** The page before the one whose previousCursor this is. */
    before: zPageCursor,
    search: zSearch,
    /** One of the caller's companies; left out = 'Kaikki'. */
    companyId: z.uuid().optional(),
    costUnit: zFilterValue,
    payRollOther: zFilterValue,
    unitId: z.uuid().optional(),
    filterType: z.enum(EMPLOYEE_FILTER_TYPES).default("ALL"),
    /** Employees with at least one order in this status. */
    orderStatus: z.enum(ORDER_STATUSES).optional(),
    /** Employees with a signed leasing agreement in this payment status. */
    paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
    /** The employee joined (was created) on these Helsinki dates, both ends included. */
    createdStart: zDateOnly.optional(),
    createdEnd: zDateOnly.optional(),
    /** An order of the employee was processed on these Helsinki dates, both ends included. */
    processedStart: zDateOnly.optional(),
    processedEnd: zDateOnly.optional(),
  }),
);
export type TEmployeesListQuery = z.infer<typeof zEmployeesListQuery>;

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export const zEmployeesExportQuery = lazy(() =>
  zEmployeesListQuery
    .omit({
      page: true,
      pageSize: true,
      after: true,
      before: true,
    })
    .extend({
      format: z.enum(EXPORT_FORMATS).default("csv"),
      /** The language of the headers and labels; the caller's own by default. */
      language: z.enum(LANGUAGES).optional(),
    }),
);
export type TEmployeesExportQuery = z.infer<typeof zEmployeesExportQuery>;

export const zCompanyEmployeesQuery = lazy(() =>
  z.object({ page: zPageNumber, pageSize: zPageSize, search: zSearch }),
);
export type TCompanyEmployeesQuery = z.infer<typeof zCompanyEmployeesQuery>;

export const zEmployeesWithAllDataQuery = lazy(() =>
  z.object({
    page: zPageNumber,
    /** Dropdowns take up to 500 names at once (the unnamed limit of docs/product.md "Constants"). */
    pageSize: z.coerce.number().int().min(1).max(500).default(EMPLOYEE_LIST_PAGE_SIZE),
    companyId: z.uuid().optional(),
    search: zSearch,
    minimalData: z
      .enum(["true", "false"])
      .transform((value) => value === "true")
      .optional(),
  }),
);
export type TEmployeesWithAllDataQuery = z.infer<typeof zEmployeesWithAllDataQuery>;

export const zEmployeesWithOrdersQuery = lazy(() =>
  z.object({
    page: zPageNumber,
    pageSize: zPageSize,
    companyId: z.uuid().optional(),
    orderStatus: z.enum(ORDER_STATUSES).optional(),
    search: zSearch,
  }),
);
export type TEmployeesWithOrdersQuery = z.infer<typeof zEmployeesWithOrdersQuery>;
