import { zEmployeesListQuery } from "../../../../contract/employee-list-queries.ts";
import { filtersFromAddress } from "../../../lib/filter-params.ts";
import { type EmployeeFilters, FILTER_KEYS, type FilterKey, type PageCursor } from "./employees-api.ts";

/**
 * The manage tab's filters as the address keeps them (the API's own names, so a shared link reads the
 * same), read through the list's query schema: a value the API would refuse (an unknown status, a date
 * that is not YYYY-MM-DD) is 'Kaikki'.
 */
const DATES: readonly FilterKey[] = ["createdStart", "createdEnd", "processedStart", "processedEnd"];

export function filtersOf(params: URLSearchParams): EmployeeFilters {
  const { query } = filtersFromAddress(zEmployeesListQuery, params);
  const filters = {} as EmployeeFilters;
  for (const key of FILTER_KEYS) {
    const value = String(query[key] ?? "").trim();
    filters[key] = key === "filterType" && value === "ALL" ? "" : value;
  }
  return filters;
}

export function pageOf(params: URLSearchParams): number {
  return filtersFromAddress(zEmployeesListQuery, params).values.page;
}

/** The cursor the address reached its page with (next or previous), when it did. */
export function cursorOf(params: URLSearchParams): PageCursor {
  const { values } = filtersFromAddress(zEmployeesListQuery, params);
  return { after: values.after, before: values.before };
}

/** The filters behind "Lisää suodattimia" (the others stay in view). */
export const MORE_FILTERS: readonly FilterKey[] = [
  "costUnit",
  "payRollOther",
  "unitId",
  "orderStatus",
  "paymentStatus",
  ...DATES,
];

export function isFiltered(filters: EmployeeFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== "");
}
