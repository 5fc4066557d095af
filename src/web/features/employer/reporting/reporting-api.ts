import { useQuery } from "@tanstack/react-query";
import { zPayrollReportResponse, zReportingDashboard } from "../../../../contract/reporting.ts";
import type { Language } from "../../../../domain/enums.ts";
import { apiFetch } from "../../../lib/api-client.ts";

/** The employer's reporting (/raportointi, issue 11 point 3): src/contract/reporting.ts. */

const BASE = "/api/reporting";

export function payrollPath(companyId: string, period: string): string {
  return `${BASE}/payroll?${new URLSearchParams({ companyId, period })}`;
}

/** GET /api/reporting/payroll: one company's month, every row (no paging: one company, one month). */
export function usePayrollReport(companyId: string, period: string) {
  return useQuery({
    queryKey: ["reporting", "payroll", companyId, period],
    queryFn: () => apiFetch(payrollPath(companyId, period), { schema: zPayrollReportResponse }),
  });
}

/** The month's report as a file (the browser downloads it: a link, with the session's cookies). */
export function payrollExportHref(
  companyId: string,
  period: string,
  format: "csv" | "xlsx",
  language: Language,
): string {
  return `${BASE}/payroll/export?${new URLSearchParams({ companyId, period, format, language })}`;
}

export function dashboardPath(companyId: string): string {
  return `${BASE}/dashboard?${new URLSearchParams({ companyId })}`;
}

/** GET /api/reporting/dashboard: the company's benefit at a glance. */
export function useReportingDashboard(companyId: string) {
  return useQuery({
    queryKey: ["reporting", "dashboard", companyId],
    queryFn: () => apiFetch(dashboardPath(companyId), { schema: zReportingDashboard }),
  });
}
