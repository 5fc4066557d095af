import { eq } from "drizzle-orm";
import { companies, companyReminderSettings, users } from "../schema/index.ts";
import type { Tx } from "../transaction.ts";

/**
 * The demo's reminder settings: Toinen Oy reminds its approvers after 3 working days and, past 7,
 * escalates to its own admin as the backup approver (it is in no group); it sends no reminder of the
 * lease's end, since its employees hear of it from their own HR. Every other company keeps the
 * defaults, which /yritys-asetukset shows as such.
 */
export const DEMO_REMINDER_COMPANY = "Toinen Oy";
const DEMO_BACKUP_APPROVER = "employer.admin@toinen.test";

export async function seedReminderSettingsDemo(db: Tx): Promise<void> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, DEMO_REMINDER_COMPANY));
  const [backup] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_BACKUP_APPROVER));
  if (!company || !backup) return;
  await db
    .insert(companyReminderSettings)
    .values({
      companyId: company.id,
      approverAfterDays: 3,
      escalationAfterDays: 7,
      backupApproverUserId: backup.id,
      disabledKinds: ["LEASE_END"],
    })
    .onConflictDoNothing();
}
