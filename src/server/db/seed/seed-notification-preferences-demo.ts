import { eq } from "drizzle-orm";
import { notificationPreferences, users } from "../schema/index.ts";
import type { Tx } from "../transaction.ts";

/**
 * The demo's notification choices: Demo Oy's employer admin, who approves every employee's order,
 * gets the approvals waiting for her and the reminders once a day in the daily digest (as /kayttaja
 * shows), and the order steps only in the service.
 */
const DEMO_DIGEST_USER = "employer.admin@demo.test";

export async function seedNotificationPreferencesDemo(db: Tx): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_DIGEST_USER));
  if (!user) return;
  await db
    .insert(notificationPreferences)
    .values([
      { userId: user.id, kind: "APPROVALS", choice: "DIGEST" },
      { userId: user.id, kind: "REMINDERS", choice: "DIGEST" },
      { userId: user.id, kind: "ORDER_STEPS", choice: "INBOX_ONLY" },
    ])
    .onConflictDoNothing();
}
