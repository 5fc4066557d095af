import { reportingApi } from "../../../../contract/reporting.ts";
import type { Language } from "../../../../domain/enums.ts";
import { useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { fileHref } from "../../../lib/file-href.ts";

/** The employer's reporting (/raportointi): src/contract/reporting.ts. */

/** GET /api/reporting/payroll: one company's month, every row (no paging: one company, one month). */
export function usePayrollReport(companyId: string, period: string) {
  return useEndpointQuery(reportingApi.payroll, { query: { companyId, period } });
}

/** The month's report as a file (the browser downloads it: a link, with the session's cookies). */
export function payrollExportHref(
  companyId: string,
  period: string,
  format: "csv" | "xlsx",
  language: Language,
): string {
  return fileHref(reportingApi.payrollExport, { query: { companyId, period, format, language } });
}

/** GET /api/reporting/dashboard: the company's benefit at a glance. */
export function useReportingDashboard(companyId: string) {
  return useEndpointQuery(reportingApi.dashboard, { query: { companyId } });
}
