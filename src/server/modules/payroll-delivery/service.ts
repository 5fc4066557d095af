import { eq } from "drizzle-orm";
import type {
  TConnectionTest,
  TPayrollPreview,
  TPayrollTemplate,
  TUpdatePayrollDeliverySettings,
} from "../../../contract/payroll-delivery.ts";
import { templateLines } from "../../../domain/payroll/export-format.ts";
import type { AppContext } from "../../context.ts";
import { companies } from "../../db/schema/index.ts";
import { conflict, notFound } from "../../errors.ts";
import { currentPeriod } from "../reporting/payroll.ts";
import { resendDelivery } from "./deliver.ts";
import { deliverMonth, isDue } from "./deliver-month.ts";
import { deliveryReport } from "./delivery-report.ts";
import { alreadyDelivered, deliveryNotDue, sftpNotConfigured } from "./errors.ts";
import { deliveryById, latestDeliveries } from "./queries.ts";
import { payrollRecipientsByCompany } from "./recipients.ts";
import {
  DEFAULT_SETTINGS,
  settingsAnswer,
  settingsRow,
  sftpTargetOf,
  updateDeliverySettings,
} from "./settings.ts";
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
    dataKeys: ctx.config,
    sftpAllowPrivateHosts: ctx.config.sftpAllowPrivateHosts,
  };

  return {
    settings: async (companyId: string) => settingsAnswer(await settingsRow(db, companyId)),

    update: async (userId: string, companyId: string, input: TUpdatePayrollDeliverySettings) => {
      await updateDeliverySettings(db, { userId, dataKeys: ctx.config }, companyId, input);
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
      const target = sftpTargetOf(
        await settingsRow(db, companyId),
        ctx.config,
        ctx.config.sftpAllowPrivateHosts,
      );
      if (!target) throw sftpNotConfigured();
      return checkSftp(target);
    },

    deliveries: async (companyId: string) => ({ items: await latestDeliveries(db, companyId) }),

    /**
     * This month's report by the saved settings, now rather than at the next morning's job: from the
     * cut-off day on (the report covers the changes up to it) and once a month, as the job would.
     */
    deliverNow: async (userId: string, companyId: string) => {
      const now = new Date();
      const settings = await settingsRow(db, companyId);
      if (!isDue(settings, now)) throw deliveryNotDue(settings?.cutoffDay ?? DEFAULT_SETTINGS.cutoffDay);
      const [company] = await db
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, companyId));
      if (!company) throw notFound("Company");
      const people = (await payrollRecipientsByCompany(db, companyId)).get(companyId) ?? [];
      const delivery = await deliverMonth(deps, {
        companyId,
        companyName: company.name,
        period: currentPeriod(now),
        now,
        userId,
        settings,
        people,
      });
      if (delivery.outcome === "ALREADY_SENT") throw alreadyDelivered();
      if (delivery.outcome === "NO_CHANNEL") {
        if (settings?.channel === "SFTP") throw sftpNotConfigured();
        throw conflict("CONFLICT", "The company has no payroll report recipients");
      }
      const answer = await deliveryById(db, delivery.deliveryId);
      if (!answer) throw notFound("Payroll delivery");
      return answer;
    },

    resend: async (userId: string, companyId: string, deliveryId: string) => {
      await resendDelivery(deps, userId, companyId, deliveryId);
      const delivery = await deliveryById(db, deliveryId);
      if (!delivery) throw notFound("Payroll delivery");
      return delivery;
    },
  };
}
