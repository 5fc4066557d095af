import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  EMPLOYEES_FETCH_ERROR,
  type TAbsenceInput,
  type TCreateEmployee,
  type TDecideEmployee,
  type TEmployee,
  type TEmployeeDetails,
  type TEmployeesPage,
  type TUpdateEmployee,
  zAbsence,
  zEmployee,
  zEmployeeDetails,
  zEmployeeFilterOptions,
  zEmployeesPage,
} from "../../../../contract/employees.ts";
import { EMPLOYEE_LIST_PAGE_SIZE } from "../../../../domain/constants.ts";
import type { Language } from "../../../../domain/enums.ts";
import { ApiError, type ApiFetchOptions, apiFetch } from "../../../lib/api-client.ts";

/**
 * The calls of /tyonantaja (src/contract/employees.ts lists them all): the employee list with its
 * filters, the filter options, one employee with absences, adding, changing, deciding, absences and
 * the export. Every answer is checked against its contract schema. The forms show field refusals
 * themselves (`silent`) and pass anything else to the error toast.
 */

/**
 * SPEC §8: an employee call rejects with the HTTP status, or 500 when no answer came (a network error),
 * and says 'Failed to fetch employees' when the server's answer had no readable error of its own.
 */
export async function employeeCall<T>(path: string, options: ApiFetchOptions<T> = {}): Promise<T> {
  try {
    return await apiFetch(path, options);
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

export const EMPLOYEES_KEY = ["employees"] as const;
const LIST_KEY = [...EMPLOYEES_KEY, "list"] as const;
const DETAILS_KEY = [...EMPLOYEES_KEY, "details"] as const;
const SILENT = { silent: true };
const BASE = "/api/beneficiary-employee";
const enc = encodeURIComponent;

/** SPEC §9: the employee list shows 10 a page. */
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
export type EmployeeFilters = Record<FilterKey, string>;

export const NO_FILTERS: EmployeeFilters = Object.fromEntries(
  FILTER_KEYS.map((key) => [key, ""]),
) as EmployeeFilters;

/** The filters as query parameters, in a fixed order; search trimmed (SPEC §5), empty ones left out. */
function filterParams(filters: Partial<EmployeeFilters>, params: URLSearchParams): URLSearchParams {
  for (const key of FILTER_KEYS) {
    const value = (filters[key] ?? "").trim();
    if (value && !(key === "filterType" && value === "ALL")) params.set(key, value);
  }
  return params;
}

export function employeesListPath(filters: Partial<EmployeeFilters>, page: number): string {
  const params = filterParams(
    filters,
    new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) }),
  );
  return `${BASE}/employeesOptimizedList?${params}`;
}

/** The export of the filtered list as a file: a plain link, the session cookie authenticates it. */
export function exportHref(
  filters: Partial<EmployeeFilters>,
  format: "csv" | "xlsx",
  language: Language,
): string {
  const params = filterParams(filters, new URLSearchParams({ format }));
  params.set("language", language);
  return `${BASE}/export?${params}`;
}

/** One page of employees as the table reads it; the previous page stays while the next loads. */
export function useEmployeesList(filters: Partial<EmployeeFilters>, page: number) {
  return useQuery({
    queryKey: [...LIST_KEY, filters, page],
    queryFn: () => employeeCall(employeesListPath(filters, page), { schema: zEmployeesPage }),
    select: (data: TEmployeesPage) => ({ items: data.employees, total: data.totalCount }),
    placeholderData: keepPreviousData,
    // The table shows its own error state with a retry.
    meta: SILENT,
  });
}

/** The cost units, payroll groups and units the filters and forms offer (of one company, or all). */
export function useFilterOptions(companyId: string | null) {
  return useQuery({
    queryKey: [...EMPLOYEES_KEY, "filter-options", companyId ?? "all"],
    queryFn: () =>
      employeeCall(`${BASE}/filter-options${companyId ? `?companyId=${enc(companyId)}` : ""}`, {
        schema: zEmployeeFilterOptions,
      }),
    staleTime: 60_000,
  });
}

export function useEmployeeDetails(id: string | null) {
  return useQuery({
    queryKey: [...DETAILS_KEY, id],
    queryFn: () => employeeCall(`${BASE}/details/${enc(id ?? "")}`, { schema: zEmployeeDetails }),
    enabled: id !== null,
    meta: SILENT,
  });
}

/**
 * SPEC §4: the answer of a change replaces the employee in every list on screen and in its details at
 * once; the lists are then fetched again in the background (a decided request leaves the pending list).
 */
function putEmployee(queryClient: QueryClient, employee: TEmployee) {
  queryClient.setQueriesData<TEmployeesPage>({ queryKey: LIST_KEY }, (page) =>
    page
      ? {
          ...page,
          employees: page.employees.map((e) =>
            e.beneficiaryEmployeeId === employee.beneficiaryEmployeeId ? employee : e,
          ),
        }
      : page,
  );
  queryClient.setQueryData<TEmployeeDetails>([...DETAILS_KEY, employee.beneficiaryEmployeeId], (details) =>
    details ? { ...details, ...employee } : details,
  );
  void queryClient.invalidateQueries({ queryKey: LIST_KEY });
  void queryClient.invalidateQueries({ queryKey: [...EMPLOYEES_KEY, "filter-options"] });
}

export function useDecideEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TDecideEmployee }) =>
      employeeCall(`${BASE}/${enc(id)}/decide`, { method: "POST", body, schema: zEmployee }),
    meta: SILENT,
    onSuccess: (employee) => putEmployee(queryClient, employee),
  });
}

export function useUpdateEmployee(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateEmployee) =>
      employeeCall(`${BASE}/${enc(id)}/update`, { method: "POST", body, schema: zEmployee }),
    meta: SILENT,
    onSuccess: (employee) => putEmployee(queryClient, employee),
  });
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateEmployee) =>
      employeeCall(`${BASE}/create`, { method: "POST", body, schema: zEmployee }),
    meta: SILENT,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
      void queryClient.invalidateQueries({ queryKey: [...EMPLOYEES_KEY, "filter-options"] });
    },
  });
}

/** After an absence changes: the employee's details and the lists (the "poissa" marker, the filter). */
function useRefetchAbsences(employeeId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: LIST_KEY });
    return queryClient.invalidateQueries({ queryKey: [...DETAILS_KEY, employeeId] });
  };
}

/** Adds an absence, or changes one (`absenceId`); a 409 ABSENCE_OVERLAPS is said at the dates. */
export function useSaveAbsence(employeeId: string) {
  const refetch = useRefetchAbsences(employeeId);
  return useMutation({
    mutationFn: ({ absenceId, body }: { absenceId: string | null; body: TAbsenceInput }) =>
      employeeCall(`${BASE}/${enc(employeeId)}/absences${absenceId ? `/${enc(absenceId)}` : ""}`, {
        method: absenceId ? "PUT" : "POST",
        body,
        schema: zAbsence,
      }),
    meta: SILENT,
    onSuccess: refetch,
  });
}

/** Removes an absence recorded by mistake; a failure is the error toast. */
export function useRemoveAbsence(employeeId: string) {
  const refetch = useRefetchAbsences(employeeId);
  return useMutation({
    mutationFn: (absenceId: string) =>
      employeeCall(`${BASE}/${enc(employeeId)}/absences/${enc(absenceId)}`, { method: "DELETE" }),
    onSuccess: refetch,
  });
}
