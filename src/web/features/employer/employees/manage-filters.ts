import { EMPLOYEE_FILTER_TYPES } from "../../../../domain/employees.ts";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../../../../domain/enums.ts";
import { type EmployeeFilters, FILTER_KEYS, type FilterKey } from "./employees-api.ts";

/**
 * The manage tab's filters as the address keeps them (the API's own names, so a shared link reads the
 * same): a value the API would refuse (an unknown status, a date that is not YYYY-MM-DD) is 'Kaikki'.
 */
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const CHOICES: Partial<Record<FilterKey, readonly string[]>> = {
  filterType: EMPLOYEE_FILTER_TYPES,
  orderStatus: ORDER_STATUSES,
  paymentStatus: PAYMENT_STATUSES,
};
const DATES: readonly FilterKey[] = ["createdStart", "createdEnd", "processedStart", "processedEnd"];

export function filtersOf(params: URLSearchParams): EmployeeFilters {
  const filters = {} as EmployeeFilters;
  for (const key of FILTER_KEYS) {
    let value = (params.get(key) ?? "").trim();
    const choices = CHOICES[key];
    if (choices && !choices.includes(value)) value = "";
    if (DATES.includes(key) && !DATE_PATTERN.test(value)) value = "";
    if (key === "filterType" && value === "ALL") value = "";
    filters[key] = value;
  }
  return filters;
}

export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page > 0 ? page : 1;
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
