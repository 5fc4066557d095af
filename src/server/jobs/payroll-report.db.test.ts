import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyIdByName, userIdByEmail } from "../../../tests/helpers/ids.ts";
import { createTestDatabase } from "../../../tests/helpers/test-db.ts";
import type { Database } from "../db/client.ts";
import {
  eventLog,
  groupPayrollReportRecipients,
  notifications,
  payrollReportRecipients,
  payrollReportSnapshots,
  userRoles,
  users,
} from "../db/schema/index.ts";
import type { Messaging, OutgoingMail } from "../messaging/types.ts";
import { payrollRecipientsByCompany, sendMonthlyPayrollReports } from "./payroll-report.ts";

let database: Database;
let demoOyId: string;

beforeAll(async () => {
  database = await createTestDatabase({ demoData: true });
  demoOyId = await companyIdByName(database.db, "Demo Oy");
});
afterAll(async () => {
  await database?.close();
});

function recordingMessaging(): Messaging & { mails: OutgoingMail[] } {
  const mails: OutgoingMail[] = [];
  return {
    mails,
    sendMail: async (mail) => {
      mails.push(mail);
    },
    sendSms: async () => {},
  };
}

const PUBLIC_URL = "https://pedaali.example";

describe("the monthly payroll report mail", () => {
  it("goes to the active recipients who still hold an employer role, per company", async () => {
    const { db } = database;
    const byCompany = await payrollRecipientsByCompany(db);
    const demo = (byCompany.get(demoOyId) ?? []).map((r) => r.email).sort();
    expect(demo).toContain("talous@demo.test");
    // Someone who lost every employer role in the company gets nothing.
    const talous = await userIdByEmail(db, "talous@demo.test");
    const held = await db.select().from(userRoles).where(eq(userRoles.userId, talous));
    await db.delete(userRoles).where(and(eq(userRoles.userId, talous), eq(userRoles.companyId, demoOyId)));
    try {
      const after = (await payrollRecipientsByCompany(db)).get(demoOyId) ?? [];
      expect(after.map((r) => r.email)).not.toContain("talous@demo.test");
    } finally {
      await db
        .insert(userRoles)
        .values(held.filter((r) => r.companyId === demoOyId))
        .onConflictDoNothing();
    }
  });

  it("sends each company's report once a month, keeps it as sent, logs it and rings the admins' bell", async () => {
    const { db } = database;
    // A month the demo has no report of (it keeps last month's as sent).
    const now = new Date("2031-05-15T04:00:00Z");
    const messaging = recordingMessaging();
    const run = await sendMonthlyPayrollReports(db, { now, messaging, publicUrl: PUBLIC_URL });
    expect(run.period).toBe("2031-05");
    expect(run.companies).toBeGreaterThanOrEqual(1);

    const [snapshot] = await db
      .select()
      .from(payrollReportSnapshots)
      .where(
        and(eq(payrollReportSnapshots.companyId, demoOyId), eq(payrollReportSnapshots.period, "2031-05-01")),
      );
    expect(snapshot?.sentTo).toContain("talous@demo.test");
    const mail = messaging.mails.find((m) => m.to === "talous@demo.test" && m.subject.includes("Demo Oy"));
    expect(mail?.subject).toBe("Palkkaraportti toukokuu 2031 – Demo Oy");
    expect(mail?.text).toContain(`${PUBLIC_URL}/raportointi?yritys=${demoOyId}&kausi=2031-05`);
    expect(mail?.text).toContain("363 Polkupyöräedun verovapaa osuus");

    const logged = await db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.type, "PAYROLL_REPORT_SENT"), eq(eventLog.entityId, demoOyId)));
    expect(logged.map((e) => e.data)).toContainEqual(expect.objectContaining({ period: "2031-05" }));
    const admin = await userIdByEmail(db, "employer.admin@demo.test");
    const reminders = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin), eq(notifications.type, "PAYMENT_REMINDER")));
    expect(reminders.map((r) => r.title)).toContain("Palkkaraportti: toukokuu 2031");

    // A second run in the same month sends nothing again.
    const again = recordingMessaging();
    const second = await sendMonthlyPayrollReports(db, { now, messaging: again, publicUrl: PUBLIC_URL });
    expect(second.companies).toBe(0);
    expect(again.mails).toEqual([]);
  });

  it("reaches a group's recipients for each company of the group, in their language", async () => {
    const { db } = database;
    const groupAdmin = await userIdByEmail(db, "group.admin@demo.test");
    const companiesOfGroup = await db.query.companies.findMany({
      where: (c, { isNotNull }) => isNotNull(c.groupCompanyId),
    });
    const groupCompanyId = companiesOfGroup[0]?.groupCompanyId as string;
    await db
      .insert(groupPayrollReportRecipients)
      .values({ groupCompanyId, userId: groupAdmin })
      .onConflictDoNothing();
    await db.update(users).set({ language: "sv" }).where(eq(users.id, groupAdmin));
    try {
      const byCompany = await payrollRecipientsByCompany(db);
      for (const company of companiesOfGroup) {
        expect((byCompany.get(company.id) ?? []).map((r) => r.userId)).toContain(groupAdmin);
      }
      const messaging = recordingMessaging();
      await sendMonthlyPayrollReports(db, {
        now: new Date("2031-06-15T04:00:00Z"),
        messaging,
        publicUrl: PUBLIC_URL,
      });
      const toGroupAdmin = messaging.mails.filter((m) => m.to === "group.admin@demo.test");
      expect(toGroupAdmin.map((m) => m.subject).sort()).toEqual(
        companiesOfGroup.map((c) => `Lönerapport juni 2031 – ${c.name}`).sort(),
      );
    } finally {
      await db.update(users).set({ language: "fi" }).where(eq(users.id, groupAdmin));
      await db
        .delete(groupPayrollReportRecipients)
        .where(eq(groupPayrollReportRecipients.userId, groupAdmin));
    }
  });

  it("has recipients to start from in the demo data", async () => {
    const recipients = await database.db
      .select()
      .from(payrollReportRecipients)
      .where(inArray(payrollReportRecipients.companyId, [demoOyId]));
    expect(recipients.length).toBeGreaterThan(0);
  });
});
