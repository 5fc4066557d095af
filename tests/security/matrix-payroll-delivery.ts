import { and, eq } from "drizzle-orm";
import { presetTemplate } from "../../src/domain/payroll/export-template.ts";
import { firstDayOf } from "../../src/domain/payroll/period.ts";
import { DEFAULT_REMINDER_SETTINGS } from "../../src/domain/reminder-settings.ts";
import {
  payrollDeliveries,
  payrollDeliverySettings,
  payrollReportSnapshots,
} from "../../src/server/db/schema/index.ts";
import { currentPeriod } from "../../src/server/modules/reporting/payroll.ts";
import type { Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";

/**
 * How a company's payroll report reaches payroll. Rows read as those of access-matrix.ts (see its
 * header). Its settings and log are company-settings.manage in Demo Oy (its admin, its group's admin,
 * the admin tier); another tenant's admin gets 404. The settings are saved as e-mail, so no call here
 * reaches a server; the SFTP calls are in src/server/modules/payroll-delivery/sftp-delivery.db.test.ts.
 */
export const settingsManagers: Expectations = {
  anonymous: 401,
  admins: "ok",
  EMPLOYER_ADMIN: "ok",
  EMPLOYER_GROUP_ADMIN: "ok",
  otherTenant: 404,
  rest: 403,
};

/** The defaults, saved as the company's own: the same for every caller, so the order of rows does not matter. */
const defaultReminderSettings = { ...DEFAULT_REMINDER_SETTINGS, disabledKinds: [] };

const emailSettings = {
  template: presetTemplate("EXCEL"),
  cutoffDay: 15,
  deltaOnly: false,
  channel: "EMAIL",
  sftp: null,
};

/** A logged delivery of Demo Oy, for the re-send. */
async function freshDelivery(f: Fixtures): Promise<string> {
  const [row] = await f.db
    .insert(payrollDeliveries)
    .values({
      companyId: f.demoCompanyId,
      period: "2029-01-01",
      kind: "FULL",
      channel: "EMAIL",
      target: "talous@demo.test",
      status: "DELIVERED",
      fileName: "pedaali-2029-01.csv",
      fileSha256: "0".repeat(64),
      content: Buffer.from("a;b\r\n"),
      rowCount: 1,
      startedAt: new Date("2029-01-15T05:00:00Z"),
    })
    .returning({ id: payrollDeliveries.id });
  return row?.id as string;
}

/**
 * Demo Oy with this month's report not yet delivered and due (cut-off day 1), by e-mail to its
 * recipients, so that each allowed caller's "deliver now" delivers it.
 */
async function undeliveredMonth(f: Fixtures): Promise<void> {
  const month = firstDayOf(currentPeriod());
  await f.db
    .insert(payrollDeliverySettings)
    .values({
      companyId: f.demoCompanyId,
      template: emailSettings.template as unknown as Record<string, unknown>,
      channel: "EMAIL",
      cutoffDay: 1,
    })
    .onConflictDoUpdate({
      target: payrollDeliverySettings.companyId,
      set: { channel: "EMAIL", cutoffDay: 1 },
    });
  for (const table of [payrollDeliveries, payrollReportSnapshots]) {
    await f.db.delete(table).where(and(eq(table.companyId, f.demoCompanyId), eq(table.period, month)));
  }
}

export const PAYROLL_DELIVERY_ROWS: readonly MatrixRow[] = [
  {
    operation: "GET /api/companies/{id}/payroll-delivery",
    call: (f) => ({ params: { id: f.demoCompanyId } }),
    expect: settingsManagers,
  },
  {
    operation: "PUT /api/companies/{id}/payroll-delivery",
    call: (f) => ({ params: { id: f.demoCompanyId }, body: emailSettings }),
    expect: settingsManagers,
  },
  {
    operation: "POST /api/companies/{id}/payroll-delivery/preview",
    call: (f) => ({
      params: { id: f.demoCompanyId },
      body: { template: presetTemplate("GENERIC_CSV"), deltaOnly: false },
    }),
    expect: settingsManagers,
  },
  {
    operation: "POST /api/companies/{id}/payroll-delivery/test-connection",
    call: (f) => ({ params: { id: f.demoCompanyId } }),
    expect: {
      ...settingsManagers,
      admins: {
        status: 409,
        code: "PAYROLL_SFTP_NOT_CONFIGURED",
        why: "the matrix saves e-mail delivery only",
      },
      EMPLOYER_ADMIN: {
        status: 409,
        code: "PAYROLL_SFTP_NOT_CONFIGURED",
        why: "the matrix saves e-mail delivery only",
      },
      EMPLOYER_GROUP_ADMIN: {
        status: 409,
        code: "PAYROLL_SFTP_NOT_CONFIGURED",
        why: "the matrix saves e-mail delivery only",
      },
    },
  },
  {
    operation: "GET /api/companies/{id}/payroll-deliveries",
    call: (f) => ({ params: { id: f.demoCompanyId } }),
    expect: settingsManagers,
  },
  {
    operation: "POST /api/companies/{id}/payroll-deliveries",
    ok: 201,
    call: async (f) => {
      await undeliveredMonth(f);
      return { params: { id: f.demoCompanyId } };
    },
    expect: settingsManagers,
  },
  {
    operation: "POST /api/companies/{id}/payroll-deliveries/{deliveryId}/resend",
    call: async (f) => ({ params: { id: f.demoCompanyId, deliveryId: await freshDelivery(f) } }),
    expect: settingsManagers,
  },
  // The company's reminder settings live on the same page, under the same permission.
  {
    operation: "GET /api/companies/{id}/reminder-settings",
    call: (f) => ({ params: { id: f.demoCompanyId } }),
    expect: settingsManagers,
  },
  {
    operation: "PUT /api/companies/{id}/reminder-settings",
    call: (f) => ({ params: { id: f.demoCompanyId }, body: defaultReminderSettings }),
    expect: settingsManagers,
  },
  // So does its rule for joiners with an address of its own domains; no domain, so no one need vouch.
  {
    operation: "GET /api/companies/{id}/join-rule",
    call: (f) => ({ params: { id: f.demoCompanyId } }),
    expect: settingsManagers,
  },
  {
    operation: "PUT /api/companies/{id}/join-rule",
    call: (f) => ({
      params: { id: f.demoCompanyId },
      body: { domains: [], domainJoiners: "WAIT", domainsOnly: false },
    }),
    expect: settingsManagers,
  },
];
