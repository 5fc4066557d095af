import { eq } from "drizzle-orm";
import type { TReminderSettings, TReminderSettingsInput } from "../../../contract/reminder-settings.ts";
import {
  DEFAULT_REMINDER_SETTINGS,
  type ReminderSettings,
  SWITCHABLE_REMINDER_KINDS,
  type SwitchableReminderKind,
} from "../../../domain/reminder-settings.ts";
import type { Db } from "../../db/client.ts";
import { recordEvent } from "../../db/event-log.ts";
import { companyReminderSettings } from "../../db/schema/index.ts";
import { type Tx, write } from "../../db/transaction.ts";
import { badRequest } from "../../errors.ts";
import { employerUsersWithPermission } from "../notifications/recipients.ts";

/**
 * A company's reminder settings as stored (company_reminder_settings), read by the daily reminders job
 * and edited on the company's settings page. A company without a row gets the defaults.
 */

type Row = typeof companyReminderSettings.$inferSelect;

/** Only kinds the platform knows: a kind removed from the code no longer switches anything off. */
function knownKinds(kinds: readonly string[]): SwitchableReminderKind[] {
  return kinds.filter((kind): kind is SwitchableReminderKind =>
    (SWITCHABLE_REMINDER_KINDS as readonly string[]).includes(kind),
  );
}

function fromRow(row: Row): ReminderSettings {
  return {
    approverAfterDays: row.approverAfterDays,
    escalationAfterDays: row.escalationAfterDays,
    backupApproverUserId: row.backupApproverUserId,
    employeeFirstAfterDays: row.employeeFirstAfterDays,
    employeeSecondAfterDays: row.employeeSecondAfterDays,
    storeAfterDays: row.storeAfterDays,
    disabledKinds: knownKinds(row.disabledKinds),
  };
}

/** Every company's own settings, for the job: companies absent from the map use the defaults. */
export async function reminderSettingsByCompany(db: Db | Tx): Promise<Map<string, ReminderSettings>> {
  const rows = await db.select().from(companyReminderSettings);
  return new Map(rows.map((row) => [row.companyId, fromRow(row)]));
}

/**
 * Who may be the backup approver: the company's approvers, the same people its waiting orders' mails
 * and reminders go to (group admins of its group included), by name.
 */
export async function approverCandidatesOf(db: Db | Tx, companyId: string) {
  const approvers = await employerUsersWithPermission(db, companyId, "orders.approve");
  return approvers
    .map(({ userId, email, firstName, lastName }) => ({ userId, email, firstName, lastName }))
    .sort(
      (a, b) =>
        (a.lastName ?? "").localeCompare(b.lastName ?? "", "fi") ||
        (a.firstName ?? "").localeCompare(b.firstName ?? "", "fi") ||
        a.email.localeCompare(b.email),
    );
}

/** The settings page's answer: the company's settings (or the defaults) and its possible backup approvers. */
export async function reminderSettingsAnswer(db: Db, companyId: string): Promise<TReminderSettings> {
  const [row] = await db
    .select()
    .from(companyReminderSettings)
    .where(eq(companyReminderSettings.companyId, companyId));
  const settings = row ? fromRow(row) : DEFAULT_REMINDER_SETTINGS;
  return {
    settings: { ...settings, disabledKinds: [...settings.disabledKinds] },
    saved: row !== undefined,
    backupApproverCandidates: await approverCandidatesOf(db, companyId),
  };
}

/**
 * Saves the company's settings. The backup approver must be one of the company's employer users who may
 * approve orders: an escalation to someone who cannot act on it would only hide the order again.
 */
export async function saveReminderSettings(
  db: Db,
  userId: string,
  companyId: string,
  input: TReminderSettingsInput,
): Promise<void> {
  await write(db, { actor: { userId } }, async (ctx) => {
    const { tx } = ctx;
    if (input.backupApproverUserId) {
      const candidates = await approverCandidatesOf(tx, companyId);
      if (!candidates.some((candidate) => candidate.userId === input.backupApproverUserId)) {
        throw badRequest("The backup approver must be a user of the company who may approve orders", [
          { field: "body.backupApproverUserId", message: "Not an approver of the company" },
        ]);
      }
    }
    const values = {
      approverAfterDays: input.approverAfterDays,
      escalationAfterDays: input.escalationAfterDays,
      backupApproverUserId: input.backupApproverUserId,
      employeeFirstAfterDays: input.employeeFirstAfterDays,
      employeeSecondAfterDays: input.employeeSecondAfterDays,
      storeAfterDays: input.storeAfterDays,
      disabledKinds: [...new Set(input.disabledKinds)],
      updatedByUserId: userId,
      updatedAt: ctx.now,
    };
    await tx
      .insert(companyReminderSettings)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: companyReminderSettings.companyId, set: values });
    await recordEvent(ctx, {
      type: "REMINDER_SETTINGS_UPDATED",
      entity: { type: "company", id: companyId },
      companyId,
      data: { ...values, updatedAt: undefined, updatedByUserId: undefined },
    });
  });
}
