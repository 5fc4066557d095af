import type {
  TConnectionTest,
  TPayrollPreview,
  TPayrollTemplate,
  TUpdatePayrollDeliverySettings,
} from "../../../contract/payroll-delivery.ts";
import { templateLines } from "../../../domain/payroll/export-format.ts";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../errors.ts";
import { currentPeriod } from "../reporting/payroll.ts";
import { resendDelivery } from "./deliver.ts";
import { deliveryReport } from "./delivery-report.ts";
import { sftpNotConfigured } from "./errors.ts";
import { deliveryById, latestDeliveries } from "./queries.ts";
import { settingsAnswer, settingsRow, sftpTargetOf, updateDeliverySettings } from "./settings.ts";
import { checkSftp } from "./sftp.ts";

/** The lines a preview shows: enough to see the columns and a few people. */
const PREVIEW_LINES = 6;

/** A company's payroll delivery on its settings page; the routes' one entry. */
export function createPayrollDeliveryService(ctx: AppContext) {
  const { db } = ctx.database;
  const deps = {
    db,
    messaging: ctx.messaging,
    publicUrl: ctx.config.publicUrl,
    serverSecret: ctx.config.jwtSecret,
  };

  return {
    settings: async (companyId: string) => settingsAnswer(await settingsRow(db, companyId)),

    update: async (userId: string, companyId: string, input: TUpdatePayrollDeliverySettings) => {
      await updateDeliverySettings(db, { userId, serverSecret: ctx.config.jwtSecret }, companyId, input);
      return settingsAnswer(await settingsRow(db, companyId));
    },

    /** This month's file as the template would write it now, its first lines. */
    preview: async (
      companyId: string,
      template: TPayrollTemplate,
      deltaOnly: boolean,
    ): Promise<TPayrollPreview> => {
      const period = currentPeriod();
      const report = await deliveryReport(db, companyId, period, deltaOnly);
      const lines = templateLines(report.fileRows, template, period);
      return { period, lines: lines.slice(0, PREVIEW_LINES), lineCount: lines.length };
    },

    testConnection: async (companyId: string): Promise<TConnectionTest> => {
      const target = sftpTargetOf(await settingsRow(db, companyId), ctx.config.jwtSecret);
      if (!target) throw sftpNotConfigured();
      return checkSftp(target);
    },

    deliveries: async (companyId: string) => ({ items: await latestDeliveries(db, companyId) }),

    resend: async (userId: string, companyId: string, deliveryId: string) => {
      await resendDelivery(deps, userId, companyId, deliveryId);
      const delivery = await deliveryById(db, deliveryId);
      if (!delivery) throw notFound("Payroll delivery");
      return delivery;
    },
  };
}
