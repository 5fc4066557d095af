import type {
  TPayrollExportQuery,
  TPayrollReportQuery,
  TPayrollReportResponse,
  TReportingDashboard,
} from "../../../contract/reporting.ts";
import type { AppContext } from "../../context.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { liveCompanyInScope } from "../companies/queries.ts";
import { companyDashboard } from "./dashboard.ts";
import { currentPeriod, markedReport, payrollReportResponse } from "./payroll.ts";
import { type PayrollFile, payrollCsv, payrollFileName, payrollXlsx } from "./payroll-export.ts";

/**
 * /raportointi's calls (src/contract/reporting.ts): one of the caller's companies at a time (another
 * tenant's, or a deleted one, is 404), the month the current Helsinki one unless asked.
 */
export function createReportingService(ctx: AppContext) {
  const { db } = ctx.database;

  async function company(viewer: CurrentUser, companyId: string) {
    const row = await liveCompanyInScope(db, viewer, companyId);
    return { id: row.id, name: row.name };
  }

  return {
    async payroll(viewer: CurrentUser, query: TPayrollReportQuery): Promise<TPayrollReportResponse> {
      return payrollReportResponse(
        db,
        await company(viewer, query.companyId),
        query.period ?? currentPeriod(),
      );
    },

    async payrollFile(
      viewer: CurrentUser,
      query: TPayrollExportQuery,
      onError: (error: unknown) => void,
    ): Promise<PayrollFile> {
      const { name } = await company(viewer, query.companyId);
      const period = query.period ?? currentPeriod();
      const lang = query.language ?? viewer.language;
      const { rows, totals } = await markedReport(db, query.companyId, period);
      const fileName = payrollFileName(lang, name, period, query.format);
      return query.format === "xlsx"
        ? {
            fileName,
            contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            body: payrollXlsx(rows, totals, lang, onError),
          }
        : { fileName, contentType: "text/csv; charset=utf-8", body: payrollCsv(rows, totals, lang) };
    },

    async dashboard(viewer: CurrentUser, companyId: string): Promise<TReportingDashboard> {
      return companyDashboard(db, await company(viewer, companyId));
    },
  };
}
