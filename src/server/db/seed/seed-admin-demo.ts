import { and, eq, sql } from "drizzle-orm";
import type { EventEntityType, EventType } from "../../../domain/enums.ts";
import type { Db } from "../client.ts";
import {
  companies,
  companyApplications,
  contactForms,
  eventLog,
  payrollReportRecipients,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../schema/index.ts";
import { DEMO_APPLICATIONS, DEMO_CONTACT_FORMS, DEMO_MULTI_ROLE_USERS, daysAgo } from "./admin-demo-data.ts";
import { seedDemoOrders } from "./admin-demo-orders.ts";
import { notAfter } from "./employer-demo-context.ts";

/**
 * The admin area's demo data: what a helpdesk agent meets on a normal day — company sign-ups
 * waiting in Hakemukset, unread contact forms, people with roles in several companies, and a year of
 * orders, leases, invoices and events, so that Raportointi and the audit view have something to show.
 * Dates are relative to the seeding day, so the demo always looks current.
 */

type Ids = { byName: Map<string, string>; byEmail: Map<string, string> };

async function lookups(db: Db): Promise<Ids> {
  const companyRows = await db.select({ id: companies.id, name: companies.name }).from(companies);
  const userRows = await db.select({ id: users.id, email: users.email }).from(users);
  return {
    byName: new Map(companyRows.map((c) => [c.name, c.id])),
    byEmail: new Map(userRows.map((u) => [u.email, u.id])),
  };
}

/** Adds the admin area's demo data to a freshly seeded demo database (seed-demo.ts seedDemoData). */
export async function seedAdminDemo(db: Db, passwordHash: string, now = new Date()): Promise<void> {
  const ids = await lookups(db);
  const adminId = ids.byEmail.get("admin@pedaali.test") ?? null;
  const helpdeskId = ids.byEmail.get("helpdesk@pedaali.test") ?? null;
  const events: (typeof eventLog.$inferInsert)[] = [];
  const event = (
    type: EventType,
    at: Date,
    entity: { type: EventEntityType; id: string },
    extra: { actor?: string | null; companyId?: string | null; data?: Record<string, unknown> } = {},
  ) =>
    events.push({
      type,
      actorUserId: extra.actor ?? null,
      companyId: extra.companyId ?? null,
      entityType: entity.type,
      entityId: entity.id,
      data: extra.data ?? {},
      createdAt: notAfter(at, now),
    });

  // The companies' own history: made by the super admin a year ago, Demo Oy's max price raised since.
  for (const [name, companyId] of ids.byName) {
    event(
      "COMPANY_CREATED",
      daysAgo(now, 360),
      { type: "company", id: companyId },
      {
        actor: adminId,
        companyId,
        data: { name },
      },
    );
  }
  const demoOy = ids.byName.get("Demo Oy") as string;
  event(
    "COMPANY_UPDATED",
    daysAgo(now, 120),
    { type: "company", id: demoOy },
    {
      actor: helpdeskId,
      companyId: demoOy,
      data: { fields: ["maxPrice"] },
    },
  );

  for (const a of DEMO_APPLICATIONS) {
    const { daysAgo: age, ...application } = a;
    const createdAt = daysAgo(now, age);
    const reviewed = application.status !== "PENDING";
    const [row] = await db
      .insert(companyApplications)
      .values({
        ...application,
        reviewedByUserId: reviewed ? helpdeskId : null,
        reviewedAt: reviewed ? daysAgo(now, age - 1) : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: companyApplications.id });
    if (reviewed && row) {
      event(
        "COMPANY_APPLICATION_REJECTED",
        daysAgo(now, age - 1),
        { type: "companyApplication", id: row.id },
        {
          actor: helpdeskId,
          data: { companyName: application.companyName },
        },
      );
    }
  }

  await db.insert(contactForms).values(
    DEMO_CONTACT_FORMS.map(({ daysAgo: age, checked, ...form }) => ({
      ...form,
      source: "contact-page",
      checked,
      checkedAt: checked ? daysAgo(now, age - 1) : null,
      checkedByUserId: checked ? helpdeskId : null,
      createdAt: daysAgo(now, age),
    })),
  );

  const roleIds = new Map((await db.select().from(roles)).map((r) => [r.name, r.id]));
  for (const person of DEMO_MULTI_ROLE_USERS) {
    const [user] = await db
      .insert(users)
      .values({ email: person.email, passwordHash, phoneNumber: person.phoneNumber })
      .returning({ id: users.id });
    const userId = user?.id as string;
    const homeCompany = ids.byName.get(person.roles[0].company) as string;
    await db
      .insert(systemUsers)
      .values({ userId, firstName: person.firstName, lastName: person.lastName, companyId: homeCompany });
    event(
      "USER_CREATED",
      daysAgo(now, 200),
      { type: "user", id: userId },
      {
        actor: helpdeskId,
        companyId: homeCompany,
      },
    );
    for (const [i, { role, company }] of person.roles.entries()) {
      const companyId = ids.byName.get(company) as string;
      await db
        .insert(userRoles)
        .values({ userId, roleId: roleIds.get(role) as string, companyId, grantedByUserId: helpdeskId });
      event(
        "USER_ROLE_ASSIGNED",
        daysAgo(now, 200 - i * 30),
        { type: "user", id: userId },
        {
          actor: helpdeskId,
          companyId,
          data: { role, companyIds: [companyId] },
        },
      );
    }
    if ("payrollRecipientOf" in person) {
      await db.insert(payrollReportRecipients).values(
        person.payrollRecipientOf.map((company) => ({
          companyId: ids.byName.get(company) as string,
          userId,
        })),
      );
    }
  }

  const deactivated = ids.byEmail.get("deactivated@demo.test");
  if (deactivated) {
    event(
      "USER_DEACTIVATED",
      daysAgo(now, 45),
      { type: "user", id: deactivated },
      {
        actor: helpdeskId,
        companyId: demoOy,
        data: { reason: "employment ended" },
      },
    );
  }

  await seedDemoOrders(db, now, event);
  // Oldest first, so an equal createdAt never decides the audit view's order.
  events.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  await db.insert(eventLog).values(events);
  await backdateDemoUsersCreated(db, now);
}

/**
 * seed-demo.ts logs USER_CREATED for each demo user at seeding time; left there they would fill the
 * audit view's newest pages. One UPDATE moves them to 330–365 days ago, spread by the user's e-mail
 * (whole days plus hours, so no two share an instant and the order is the same on every seeding).
 */
async function backdateDemoUsersCreated(db: Db, now: Date): Promise<void> {
  const seeded = db
    .select({
      id: eventLog.id,
      n: sql<number>`row_number() over (order by ${users.email})`.as("n"),
    })
    .from(eventLog)
    .innerJoin(users, eq(users.id, eventLog.entityId))
    .where(
      and(
        eq(eventLog.type, "USER_CREATED"),
        eq(eventLog.entityType, "user"),
        sql`${eventLog.data}->>'source' = 'demo-seed'`,
      ),
    )
    .as("seeded");
  await db
    .update(eventLog)
    .set({
      createdAt: sql`${now.toISOString()}::timestamptz
        - make_interval(days => 330 + (${seeded.n}::int * 11) % 35, hours => ${seeded.n}::int % 24)`,
    })
    .from(seeded)
    .where(eq(eventLog.id, seeded.id));
}
