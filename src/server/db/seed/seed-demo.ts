import { and, count, eq, inArray } from "drizzle-orm";
import { DAY_MS } from "../../../domain/dates.ts";
import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS } from "../../../domain/permissions.ts";
import { ROLES } from "../../../domain/roles.ts";
import { ovtCodeOf } from "../../../domain/validation/e-invoice.ts";
import type { DataKeyring } from "../../data-keys.ts";
import type { FileStore } from "../../files/file-store.ts";
import { hashPassword } from "../../modules/auth/passwords.ts";
import { sha256 } from "../../modules/auth/tokens.ts";
import { REGISTRATION_LINK_DAYS } from "../../modules/registration/links.ts";
import { seedTaxTablesIfEmpty } from "../../modules/tax-tables/tax-year-rows.ts";
import type { Db } from "../client.ts";
import { leaveLocksUnchecked } from "../lock-order.ts";
import {
  beneficiaryEmployees,
  bikePolicies,
  bikeStoreGroups,
  bikeStores,
  bikeStoreUsers,
  billingTableRows,
  billingTables,
  companies,
  companyUnits,
  eventLog,
  groupCompanies,
  leasingCompanies,
  messageOutbox,
  permissions,
  registrationLinks,
  rolePermissions,
  roles,
  systemUsers,
  userRoles,
  users,
  vatRates,
} from "../schema/index.ts";
import { inTransaction, type Tx } from "../transaction.ts";
import {
  DEMO_BIKE_STORE_GROUPS,
  DEMO_BIKE_STORES,
  DEMO_BILLING_TABLE,
  DEMO_COMPANIES,
  DEMO_GROUP_COMPANY,
  DEMO_JOIN_LINK,
  DEMO_JOIN_TOKEN,
  DEMO_LEASING_COMPANIES,
  DEMO_PASSWORD,
  DEMO_POLICY_COVER,
  DEMO_USERS,
  DEMO_VAT_RATES,
  type DemoCompanyKey,
} from "./demo-data.ts";
import { seedAdminDemo } from "./seed-admin-demo.ts";
import { seedAfterSalesDemo } from "./seed-after-sales.ts";
import { seedEmployerDemo } from "./seed-employer-demo.ts";
import { seedEndedEmploymentsDemo } from "./seed-ended-employments-demo.ts";
import { seedJoinRuleDemo } from "./seed-join-rule-demo.ts";
import { seedLeaseInvoicesDemo } from "./seed-lease-invoices-demo.ts";
import { seedNotificationPreferencesDemo } from "./seed-notification-preferences-demo.ts";
import { seedOrderStatusesDemo } from "./seed-order-statuses.ts";
import { seedPayoutsDemo } from "./seed-payouts-demo.ts";
import { seedReminderSettingsDemo } from "./seed-reminder-settings-demo.ts";
import { seedWhatsNewDemo } from "./seed-whats-new-demo.ts";

/**
 * The reference data every installation needs: the built-in roles, the permission names and which
 * role holds which, and the published tax parameters for empty tax tables. Safe to run again: existing
 * rows are kept, and role permissions an admin changed are not put back.
 */
/** How long ago the demo's own users (employee@demo.test...) joined the bike benefit. */
const DEMO_EMPLOYEES_JOINED_DAYS_AGO = 730;

/** When the demo's staff got their staff roles. */
const DEMO_STAFF_SINCE = new Date("2023-01-02T08:00:00Z");

export async function seedReferenceData(db: Db): Promise<void> {
  await seedTaxTablesIfEmpty(db);
  // Only what this run adds gets its default pairs: a built-in role made now gets all of its own, a
  // permission name new to this database reaches the built-in roles that hold it by default. A pair a
  // super admin removed from an existing role with an existing permission stays removed after restarts.
  const newRoles = await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name, isSystem: true })))
    .onConflictDoNothing()
    .returning({ name: roles.name });
  const newPermissions = await db
    .insert(permissions)
    .values(PERMISSIONS.map((name) => ({ name })))
    .onConflictDoNothing()
    .returning({ name: permissions.name });
  const newRoleNames = new Set<string>(newRoles.map((r) => r.name));
  const newPermissionNames = new Set<string>(newPermissions.map((p) => p.name));
  if (newRoleNames.size === 0 && newPermissionNames.size === 0) return;
  const roleIds = new Map((await db.select().from(roles)).map((r) => [r.name, r.id]));
  const permissionIds = new Map((await db.select().from(permissions)).map((p) => [p.name, p.id]));
  const pairs = ROLES.flatMap((role) =>
    DEFAULT_ROLE_PERMISSIONS[role]
      .filter((permission) => newRoleNames.has(role) || newPermissionNames.has(permission))
      .map((permission) => ({
        roleId: roleIds.get(role) as string,
        permissionId: permissionIds.get(permission) as string,
      })),
  );
  if (pairs.length > 0) await db.insert(rolePermissions).values(pairs).onConflictDoNothing();
}

export type SeedResult = { seeded: boolean };

/**
 * Seeds the demo data into a database that has no users yet, in one transaction; a database with users
 * is left alone, so a restart never duplicates or overwrites anything.
 */
export async function seedDemoIfEmpty(db: Db, files: FileStore, dataKeys: DataKeyring): Promise<SeedResult> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return { seeded: false };
  // One hash for every demo user: argon2 is slow on purpose, and they share the password anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await inTransaction(db, async (tx) => {
    // Many orders' stories in one transaction, on a database no one else uses yet.
    leaveLocksUnchecked(tx);
    await seedReferenceData(tx);
    await seedDemoData(tx, passwordHash, files, dataKeys);
  });
  return { seeded: true };
}

/**
 * The demo seed of `npm start` and `npm run seed:demo` (outside production): seeds an empty database,
 * and on one that already has users puts back what trying the demo uses up (resetDemoFixtures).
 */
export async function seedDemo(db: Db, files: FileStore, dataKeys: DataKeyring): Promise<SeedResult> {
  const result = await seedDemoIfEmpty(db, files, dataKeys);
  if (!result.seeded) await resetDemoFixtures(db);
  return result;
}

/**
 * Puts back the demo fixtures a visitor uses up, so the README's promises hold on every start: the
 * demo users marked clearPhoneOnSeed lose the phone number the first-login phone step stored, and
 * Demo Oy's registration link (DEMO_JOIN_TOKEN) works again for its full lifetime — made now if the
 * demo data predates it. Only demo rows are touched: the users by their e-mails on the reserved .test
 * domain, the link by its token; a database without the demo company gets no link.
 */
async function resetDemoFixtures(db: Db): Promise<void> {
  const phoneStep = DEMO_USERS.filter((u) => u.clearPhoneOnSeed).map((u) => u.email);
  if (phoneStep.length > 0) {
    await db
      .update(users)
      .set({ phoneNumber: null, phoneVerifiedAt: null })
      .where(inArray(users.email, phoneStep));
  }
  await restoreDemoBillingTerms(db);
  const renewed = await db
    .update(registrationLinks)
    .set({ revokedAt: null, expiresAt: demoJoinLinkExpiry(), maxUses: null })
    .where(eq(registrationLinks.tokenHash, sha256(DEMO_JOIN_TOKEN)))
    .returning({ id: registrationLinks.id });
  if (renewed.length > 0) return;
  const demo = DEMO_COMPANIES[DEMO_JOIN_LINK.company];
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.name, demo.name), eq(companies.businessId, demo.businessId)));
  const [creator] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_JOIN_LINK.createdBy));
  if (company && creator) await insertDemoJoinLink(db, company.id, creator.id);
}

/**
 * A demo database made before the billing table's annuity terms (migration 0004) has the demo table
 * with default terms and no rows: give it the demo terms, its price brackets, and the default flag
 * when no table has it.
 */
async function restoreDemoBillingTerms(db: Db): Promise<void> {
  const { rows, leasingCompany: _, ...terms } = DEMO_BILLING_TABLE;
  const [table] = await db.select().from(billingTables).where(eq(billingTables.name, terms.name));
  if (!table) return;
  const [bracket] = await db
    .select({ id: billingTableRows.id })
    .from(billingTableRows)
    .where(eq(billingTableRows.billingTableId, table.id))
    .limit(1);
  if (bracket) return;
  const [other] = await db
    .select({ id: billingTables.id })
    .from(billingTables)
    .where(eq(billingTables.isDefault, true));
  await db
    .update(billingTables)
    .set({ ...terms, isDefault: !other })
    .where(eq(billingTables.id, table.id));
  await db.insert(billingTableRows).values(rows.map((r) => ({ ...r, billingTableId: table.id })));
}

function demoJoinLinkExpiry(): Date {
  return new Date(Date.now() + REGISTRATION_LINK_DAYS * DAY_MS);
}

async function insertDemoJoinLink(db: Db, companyId: string, createdByUserId: string): Promise<void> {
  await db.insert(registrationLinks).values({
    companyId,
    tokenHash: sha256(DEMO_JOIN_TOKEN),
    createdByUserId,
    expiresAt: demoJoinLinkExpiry(),
  });
}

async function seedDemoData(
  db: Tx,
  passwordHash: string,
  files: FileStore,
  dataKeys: DataKeyring,
): Promise<void> {
  await db.insert(vatRates).values([...DEMO_VAT_RATES]);

  const leasing = await db
    .insert(leasingCompanies)
    .values(DEMO_LEASING_COMPANIES.map((c) => ({ ...c })))
    .returning();
  const leasingId = (name: string) => leasing.find((l) => l.companyName === name)?.id as string;

  const { rows, leasingCompany, ...table } = DEMO_BILLING_TABLE;
  const [billingTable] = await db
    .insert(billingTables)
    .values({ ...table, leasingCompanyId: leasingId(leasingCompany) })
    .returning();
  const billingTableId = billingTable?.id as string;
  await db.insert(billingTableRows).values(rows.map((r) => ({ ...r, billingTableId })));

  const [group] = await db.insert(groupCompanies).values(DEMO_GROUP_COMPANY).returning();
  const companyIds = new Map<DemoCompanyKey, string>();
  const unitIds = new Map<string, string>();
  for (const [key, c] of Object.entries(DEMO_COMPANIES) as [
    DemoCompanyKey,
    (typeof DEMO_COMPANIES)["demo"],
  ][]) {
    const [company] = await db
      .insert(companies)
      .values({
        name: c.name,
        businessId: c.businessId,
        groupCompanyId: c.inGroup ? group?.id : null,
        maxPriceCents: c.maxPriceCents,
        paymentMode: c.paymentMode,
        leasingCompanyId: leasingId("Pedaali Oy"),
        billingTableId,
        streetAddress: c.streetAddress,
        postalCode: c.postalCode,
        city: c.city,
        billingEmail: `laskut@${c.contact.email.split("@")[1]}`,
        eInvoiceAddress: ovtCodeOf(c.businessId),
        eInvoiceOperator: c.eInvoiceOperator,
        contactName: c.contact.name,
        contactEmail: c.contact.email,
        contactPhoneNumber: c.contact.phoneNumber,
      })
      .returning();
    const companyId = company?.id as string;
    companyIds.set(key, companyId);
    const units = await db
      .insert(companyUnits)
      .values(c.units.map((unitName) => ({ companyId, unitName })))
      .returning();
    for (const u of units) unitIds.set(`${key}/${u.unitName}`, u.id);
    await db.insert(bikePolicies).values({
      companyId,
      minLeaseTimeMonths: 12,
      maxLeaseTimeMonths: 36,
      requiresEmployerApproval: true,
      ...DEMO_POLICY_COVER,
      policyText:
        "Työsuhdepyörän voi valita kenestä tahansa Pedaalin kumppaniliikkeestä. Sopimuskausi on 12–36 kuukautta, ja pyörä vakuutetaan koko sopimuskauden ajaksi.",
    });
  }

  const storeGroups = await db
    .insert(bikeStoreGroups)
    .values(DEMO_BIKE_STORE_GROUPS.map((name) => ({ name })))
    .returning();
  const demoStores = await db
    .insert(bikeStores)
    .values(
      DEMO_BIKE_STORES.map(({ group: groupName, ...store }) => ({
        ...store,
        bikeStoreGroupId: storeGroups.find((g) => g.name === groupName)?.id ?? null,
      })),
    )
    .returning({ id: bikeStores.id, storeName: bikeStores.storeName });

  const roleIds = new Map((await db.select().from(roles)).map((r) => [r.name, r.id]));
  const userIds = new Map<string, string>();
  for (const demoUser of DEMO_USERS) {
    const companyId = demoUser.company ? (companyIds.get(demoUser.company) as string) : null;
    const [user] = await db
      .insert(users)
      .values({
        email: demoUser.email,
        passwordHash,
        phoneNumber: demoUser.phoneNumber,
        deactivated: demoUser.deactivated ?? false,
        deactivatedAt: demoUser.deactivated ? new Date() : null,
      })
      .returning();
    const userId = user?.id as string;
    userIds.set(demoUser.email, userId);
    await db.insert(systemUsers).values({
      userId,
      firstName: demoUser.firstName,
      lastName: demoUser.lastName,
      companyId,
    });
    // The demo's staff have been staff for years, long past a new staff member's cooling-off period
    // (src/domain/user-tiers.ts), so either of them approves the other's payout batch.
    const since = companyId ? {} : { createdAt: DEMO_STAFF_SINCE };
    await db
      .insert(userRoles)
      .values({ userId, roleId: roleIds.get(demoUser.role) as string, companyId, ...since });
    const store = demoStores.find((s) => s.storeName === demoUser.bikeStore);
    if (store) await db.insert(bikeStoreUsers).values({ userId, bikeStoreId: store.id });
    if (demoUser.employee && companyId) {
      const { unit, ...employee } = demoUser.employee;
      // They joined the benefit well before today, so a past last working day can be recorded for them
      // (it may not be before the day they joined: src/domain/employment-dates.ts).
      const joined = new Date(Date.now() - DEMO_EMPLOYEES_JOINED_DAYS_AGO * DAY_MS);
      await db.insert(beneficiaryEmployees).values({
        userId,
        companyId,
        unitId: unitIds.get(`${demoUser.company}/${unit}`) ?? null,
        ...employee,
        createdAt: joined,
        updatedAt: joined,
        decidedAt: employee.status === "PENDING" ? null : new Date(joined.getTime() + DAY_MS),
      });
    }
    await db.insert(eventLog).values({
      type: "USER_CREATED",
      companyId,
      entityType: "user",
      entityId: userId,
      data: { source: "demo-seed" },
    });
  }

  await insertDemoJoinLink(
    db,
    companyIds.get(DEMO_JOIN_LINK.company) as string,
    userIds.get(DEMO_JOIN_LINK.createdBy) as string,
  );
  // One clock for the demo's stories, so their dates agree with each other.
  const now = new Date();
  await seedAdminDemo(db, passwordHash, now);
  await seedEmployerDemo(db, passwordHash, now);
  await seedOrderStatusesDemo(db, files, now);
  await seedAfterSalesDemo(db, files, now, dataKeys);
  await seedEndedEmploymentsDemo(db, files, now);
  await seedPayoutsDemo(db, now);
  await seedLeaseInvoicesDemo(db, files, now);
  await seedWhatsNewDemo(db, now);
  await seedNotificationPreferencesDemo(db);
  await seedReminderSettingsDemo(db);
  await seedJoinRuleDemo(db);
  await closeDemoHistoryMessages(db, now);
}

/**
 * The demo's stories happened before its start, and so did the messages their steps queued: they are
 * closed as sent, so a newly started demo does not mail a hundred old notices in its first minutes and
 * the outbox holds only what happens after the start.
 */
async function closeDemoHistoryMessages(db: Tx, now: Date): Promise<void> {
  await db
    .update(messageOutbox)
    .set({ status: "SENT", sentAt: now, lastAnswer: "told before the demo started" })
    .where(eq(messageOutbox.status, "QUEUED"));
}
