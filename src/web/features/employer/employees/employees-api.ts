import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import {
  employeeImportApi,
  type TImportColumns,
  type TImportResult,
} from "../../../../contract/employee-import.ts";
import {
  employeesApi as api,
  EMPLOYEES_FETCH_ERROR,
  type TAbsenceInput,
  type TCreateEmployee,
  type TDecideEmployee,
  type TEmployee,
  type TEmployeeDetails,
  type TEmployeesPage,
  type TUpdateEmployee,
} from "../../../../contract/employees.ts";
import { employmentInvitationsApi as invitationsApi } from "../../../../contract/employment-invitations.ts";
import type {
  EndpointDef,
  EndpointInput,
  EndpointQuery,
  EndpointResponse,
} from "../../../../contract/endpoint.ts";
import { EMPLOYEE_LIST_PAGE_SIZE } from "../../../../domain/constants.ts";
import type { Language } from "../../../../domain/enums.ts";
import type { FirstData } from "../../../app/route-guard.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { callEndpoint, endpointKey, readFirstData, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { fileHref } from "../../../lib/file-href.ts";
import { refreshQueries, SILENT } from "../../../lib/query-client.ts";
import { uploadForm } from "../../../lib/upload.ts";
import { tabOf } from "./employee-nav.ts";

/**
 * The calls of /tyonantaja (src/contract/employees.ts lists them all): the employee list with its
 * filters, the filter options, one employee with absences, adding, changing, deciding, absences and
 * the export. Every answer is checked against its contract schema. The forms show field refusals
 * themselves (`silent`) and pass anything else to the error toast.
 */

/**
 * docs/product.md "Errors": an employee call rejects with the HTTP status, or 500 when no answer came (a network error),
 * and says 'Failed to fetch employees' when the server's answer had no readable error of its own.
 */
export async function employeeCall<const E extends EndpointDef>(
  definition: E,
  input: EndpointInput<E>,
  options: { signal?: AbortSignal } = {},
): Promise<EndpointResponse<E>> {
  try {
    return await callEndpoint(definition, input, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.bodyReadable) throw error;
    throw new ApiError({
      status: error.status === 0 ? 500 : error.status,
      code: error.code,
      message: EMPLOYEES_FETCH_ERROR,
      bodyReadable: false,
    });
  }
}

/** A GET of the employees' calls under the endpoint's own key, for reading it before the page shows. */
function employeeQuery<const E extends EndpointDef>(definition: E, input: EndpointInput<E>) {
  return queryOptions({
    queryKey: endpointKey(definition, input),
    queryFn: ({ signal }) => employeeCall(definition, input, { signal }),
  });
}

/**
 * What changed of the company's people: anything (`"all"`, e.g. after a 409 or a lease's end), one
 * employee (their row and the filters), people added (by hand or from a file), invitations mailed or
 * withdrawn, or one employee's absences.
 */
type EmployeesChange =
  | "all"
  | "employee"
  | "added"
  | "invited"
  | "invitation-withdrawn"
  | { absence: string };

/** Refetches the employee answers a change made stale; resolves when those it waits for are read. */
export function refreshEmployees(queryClient: QueryClient, change: EmployeesChange): Promise<void> {
  const listed = [endpointKey(api.list), endpointKey(api.filterOptions)];
  switch (change) {
    case "all":
      return refreshQueries(
        queryClient,
        [api.list, api.ofCompany, api.withAllData, api.withOrders, api.filterOptions, api.details].map(
          (read) => endpointKey(read),
        ),
      );
    case "employee":
      void refreshQueries(queryClient, listed);
      return Promise.resolve();
    case "added":
      void refreshQueries(queryClient, [
        endpointKey(invitationsApi.companyInvitations),
        endpointKey(employeeImportApi.joining),
        ...listed,
      ]);
      return Promise.resolve();
    case "invited":
      return refreshQueries(queryClient, [endpointKey(employeeImportApi.joining)]);
    case "invitation-withdrawn":
      return refreshQueries(queryClient, [endpointKey(invitationsApi.companyInvitations)]);
    default:
      // The "poissa" marker and the filter are on the list; the absences are the employee's details.
      void refreshQueries(queryClient, [endpointKey(api.list)]);
      return refreshQueries(queryClient, [endpointKey(api.details, { params: { id: change.absence } })]);
  }
}

/** docs/product.md "Constants": the employee list shows 10 a page. */
export const PAGE_SIZE = EMPLOYEE_LIST_PAGE_SIZE;

/** The list's filters in the order the API names them; an empty string is 'Kaikki' (no filter). */
export const FILTER_KEYS = [
  "search",
  "companyId",
  "costUnit",
  "payRollOther",
  "unitId",
  "filterType",
  "orderStatus",
  "paymentStatus",
  "createdStart",
  "createdEnd",
  "processedStart",
  "processedEnd",
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * How the page on screen was reached from its neighbour: the neighbour's nextCursor (`after`) or
 * previousCursor (`before`). The server then seeks the page instead of counting past the ones before it.
 */
export type PageCursor = { after?: string | undefined; before?: string | undefined };
export type EmployeeFilters = Record<FilterKey, string>;

/** The filters as query parameters, in a fixed order; search trimmed (docs/product.md "Field rules"), empty ones left out. */
function filterQuery(filters: Partial<EmployeeFilters>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = (filters[key] ?? "").trim();
    if (value && !(key === "filterType" && value === "ALL")) query[key] = value;
  }
  return query;
}

/**
 * The list's query: the page, then the filters in the API's order, search trimmed and 'Kaikki' left
 * out. The filters come from the address through the contract's schema (manage-filters.ts), so their
 * text is what the API takes.
 */
function listQuery(
  filters: Partial<EmployeeFilters>,
  page: number,
  cursor: PageCursor = {},
): EndpointQuery<typeof api.list> {
  const query: Record<string, string | number> = { page, pageSize: PAGE_SIZE };
  if (cursor.after) query.after = cursor.after;
  else if (cursor.before) query.before = cursor.before;
  return { ...query, ...filterQuery(filters) } as EndpointQuery<typeof api.list>;
}

/** The export of the filtered list as a file: a plain link, the session cookie authenticates it. */
export function exportHref(
  filters: Partial<EmployeeFilters>,
  format: "csv" | "xlsx",
  language: Language,
): string {
  // The filters come from the address through the contract's schema (manage-filters.ts).
  const query = { format, ...filterQuery(filters), language } as EndpointQuery<typeof api.exportFile>;
  return fileHref(api.exportFile, { query });
}

/**
 * /tyonantaja's first view, the accept tab's first page of join requests (accept-tab.tsx), read before
 * the page is shown (app/route-guard.tsx FirstData).
 */
export const employerFirstData: FirstData = (routeId, params, _pathname, queryClient) =>
  routeId === "employer" && tabOf(params) === "accept" && !params.has("page")
    ? readFirstData(queryClient, [employeeQuery(api.list, { query: listQuery(PENDING_REQUESTS, 1) })])
    : undefined;

/** The accept tab's list: the join requests waiting for a decision. */
export const PENDING_REQUESTS = { filterType: "PENDING" } as const;

/** One page of employees as the table reads it; the previous page stays while the next loads. */
export function useEmployeesList(filters: Partial<EmployeeFilters>, page: number, cursor?: PageCursor) {
  return useEndpointQuery(
    api.list,
    { query: listQuery(filters, page, cursor) },
    {
      call: employeeCall,
      select: (data: TEmployeesPage) => ({
        items: data.employees,
        total: data.totalCount,
        nextCursor: data.nextCursor,
        previousCursor: data.previousCursor,
      }),
      placeholderData: keepPreviousData,
      // The table shows its own error state with a retry.
      meta: SILENT,
    },
  );
}

/** The cost units, payroll groups and units the filters and forms offer (of one company, or all). */
export function useFilterOptions(companyId: string | null) {
  return useEndpointQuery(
    api.filterOptions,
    { query: companyId ? { companyId } : {} },
    { call: employeeCall, staleTime: 60_000 },
  );
}

export function useEmployeeDetails(id: string | null) {
  return useEndpointQuery(
    api.details,
    { params: { id: id ?? "" } },
    { call: employeeCall, enabled: id !== null, meta: SILENT },
  );
}

/**
 * docs/product.md "States": the answer of a change replaces the employee in every list on screen and in its details at
 * once; the lists are then fetched again in the background (a decided request leaves the pending list).
 */
function putEmployee(queryClient: QueryClient, employee: TEmployee) {
  queryClient.setQueriesData<TEmployeesPage>({ queryKey: endpointKey(api.list) }, (page) =>
    page
      ? {
          ...page,
          employees: page.employees.map((e) =>
            e.beneficiaryEmployeeId === employee.beneficiaryEmployeeId ? employee : e,
          ),
        }
      : page,
  );
  queryClient.setQueryData<TEmployeeDetails>(
    endpointKey(api.details, { params: { id: employee.beneficiaryEmployeeId } }),
    (details) => (details ? { ...details, ...employee } : details),
  );
  void refreshEmployees(queryClient, "employee");
}

export function useDecideEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TDecideEmployee }) =>
      employeeCall(api.decide, { params: { id }, body }),
    meta: SILENT,
    onSuccess: (employee) => putEmployee(queryClient, employee),
  });
}

export function useUpdateEmployee(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateEmployee) => employeeCall(api.update, { params: { id }, body }),
    meta: SILENT,
    onSuccess: (employee) => putEmployee(queryClient, employee),
  });
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateEmployee) => employeeCall(api.create, { body }),
    meta: SILENT,
    onSuccess: () => refreshEmployees(queryClient, "added"),
  });
}

/** The empty staff file to fill in, in the reader's language: a plain link, the session cookie authenticates it. */
export function importTemplateHref(format: "csv" | "xlsx", language: Language): string {
  return fileHref(employeeImportApi.template, { query: { language, format } });
}

/** What the import sends: the file, the mapping of its unknown headers and what to do. */
export type StaffFile = {
  companyId: string;
  file: File;
  /** Each unknown header's field ("" leaves the column out); null when nothing was asked. */
  columns: TImportColumns | null;
  /** The last working day of those the file leaves out; null leaves them as they are. */
  leaversOn: string | null;
  /** Write the rows without errors and leave the others. */
  validRowsOnly: boolean;
};

function sendStaffFile(choice: StaffFile, dryRun: boolean): Promise<TImportResult> {
  const body = new FormData();
  body.append("file", choice.file, choice.file.name);
  if (choice.columns) body.append("columns", JSON.stringify(choice.columns));
  const query = {
    ...(dryRun ? { dryRun: "true" as const } : {}),
    ...(choice.validRowsOnly ? { validRowsOnly: "true" as const } : {}),
    ...(choice.leaversOn ? { leaversOn: choice.leaversOn } : {}),
  };
  return uploadForm(employeeImportApi.importFile, { params: { id: choice.companyId }, query }, body);
}

/** What a staff file would do, row by row; nothing is written. The section says any refusal itself. */
export function usePreviewStaffFile() {
  return useMutation({
    mutationFn: (choice: StaffFile) => sendStaffFile(choice, true),
    meta: SILENT,
  });
}

/** Writes a previewed staff file; the lists refetch as after adding one employee. */
export function useImportStaffFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: StaffFile) => sendStaffFile(choice, false),
    meta: SILENT,
    onSuccess: () => refreshEmployees(queryClient, "added"),
  });
}

/** Adds an absence, or changes one (`absenceId`); a 409 ABSENCE_OVERLAPS is said at the dates. */
export function useSaveAbsence(employeeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ absenceId, body }: { absenceId: string | null; body: TAbsenceInput }) =>
      absenceId
        ? employeeCall(api.updateAbsence, { params: { id: employeeId, absenceId }, body })
        : employeeCall(api.addAbsence, { params: { id: employeeId }, body }),
    meta: SILENT,
    onSuccess: () => refreshEmployees(queryClient, { absence: employeeId }),
  });
}

/** Removes an absence recorded by mistake; a failure is the error toast. */
export function useRemoveAbsence(employeeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (absenceId: string) =>
      employeeCall(api.removeAbsence, { params: { id: employeeId, absenceId } }),
    onSuccess: () => refreshEmployees(queryClient, { absence: employeeId }),
  });
}

/** The company's invitations of people who already have an account, newest first, a page at a time. */
export function useCompanyInvitations(companyId: string, page: number) {
  return useEndpointQuery(
    invitationsApi.companyInvitations,
    { query: { companyId, page, limit: INVITATIONS_PAGE_SIZE } },
    { call: employeeCall, placeholderData: keepPreviousData, meta: SILENT },
  );
}
export const INVITATIONS_PAGE_SIZE = 10;

export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => employeeCall(invitationsApi.withdraw, { params: { id } }),
    meta: SILENT,
    onSuccess: () => refreshEmployees(queryClient, "invitation-withdrawn"),
  });
}
