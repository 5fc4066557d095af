import { createHash } from "node:crypto";
import { and, eq, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/helpers/test-db.ts";
import { EVENT_TYPES, ORDER_STATUSES } from "../../domain/enums.ts";
import type { Database, Db } from "./client.ts";
import * as schema from "./schema/index.ts";

const EXPECTED_TABLES = [
  "auth_generation",
  "beneficiary_employees",
  "bike_brokerage_inquiries",
  "bike_brokerages",
  "bike_policies",
  "bike_redemptions",
  "bike_store_groups",
  "bike_store_users",
  "bike_stores",
  "billing_table_rows",
  "billing_tables",
  "companies",
  "company_applications",
  "company_identity_providers",
  "company_join_rules",
  "company_reminder_settings",
  "company_row_counts",
  "company_scim_tokens",
  "company_units",
  "contact_change_requests",
  "contact_forms",
  "employee_absences",
  "employee_import_columns",
  "employee_imports",
  "employee_search",
  "employment_invitations",
  "event_log",
  "files",
  "group_companies",
  "group_payroll_report_recipients",
  "handover_photos",
  "handovers",
  "idempotency_keys",
  "insurance_claim_files",
  "insurance_claims",
  "invoices",
  "lease_invoices",
  "leasing_agreements",
  "leasing_companies",
  "leasing_decisions",
  "legal_holds",
  "message_outbox",
  "notification_preferences",
  "notifications",
  "oidc_sign_ins",
  "order_cancellations",
  "order_items",
  "orders",
  "outbox",
  "page_visits",
  "passkey_registrations",
  "password_reset_tokens",
  "payout_batches",
  "payroll_deliveries",
  "payroll_delivery_settings",
  "payroll_report_recipients",
  "payroll_report_snapshots",
  "permissions",
  "person_access_log",
  "platform_settings",
  "province_tax_tables",
  "rate_limit_counters",
  "recovery_codes",
  "redemption_offers",
  "redemption_payments",
  "refresh_sessions",
  "refund_uploads",
  "registration_links",
  "reminder_sends",
  "role_permissions",
  "roles",
  "signed_documents",
  "sso_email_domains",
  "state_income_tax_tables",
  "store_payables",
  "strong_identifications",
  "system_users",
  "tasks",
  "tax_tables",
  "taxpayer_deductions_tables",
  "two_factor_challenges",
  "user_authenticators",
  "user_external_identities",
  "user_passkeys",
  "user_payments",
  "user_preferences",
  "user_roles",
  "users",
  "vat_rates",
];

/** The SQLSTATE of the database error a query fails with (undefined when it succeeds). */
async function pgErrorCode(run: () => PromiseLike<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (error) {
    // drizzle wraps the driver's error (node-postgres or PGlite) as `cause`.
    let e: unknown = error;
    while (e && typeof e === "object") {
      if ("code" in e && typeof e.code === "string") return e.code;
      e = (e as { cause?: unknown }).cause;
    }
    throw error;
  }
  return undefined;
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

describe("the database schema", () => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A user with a profile, a company with a unit, and the user as an accepted employee there. */
  async function seedEmployee(email: string) {
    const [company] = await db
      .insert(schema.companies)
      .values({ name: `Yritys ${email}` })
      .returning();
    if (!company) throw new Error("no company");
    const [unit] = await db
      .insert(schema.companyUnits)
      .values({ companyId: company.id, unitName: "Helsinki" })
      .returning();
    const [user] = await db.insert(schema.users).values({ email }).returning();
    if (!user || !unit) throw new Error("no user");
    await db
      .insert(schema.systemUsers)
      .values({ userId: user.id, firstName: "Maija", lastName: "Meikäläinen", companyId: company.id });
    const [employee] = await db
      .insert(schema.beneficiaryEmployees)
      .values({ userId: user.id, companyId: company.id, unitId: unit.id, status: "ACCEPTED" })
      .returning();
    if (!employee) throw new Error("no employee");
    return { company, unit, user, employee };
  }

  it("creates exactly the schema's tables", async () => {
    const found = await rows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const names = found.map((r) => r.table_name);
    expect(names).toEqual(EXPECTED_TABLES);
    const declared = Object.values(schema as Record<string, unknown>)
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableConfig(table).name)
      .sort();
    expect(declared).toEqual(EXPECTED_TABLES);
  });

  it("uses snake_case columns and the enums of src/domain", async () => {
    const columns = await rows<{ column_name: string }>(
      db,
      sql`select column_name from information_schema.columns
          where table_schema = 'public' and table_name = 'beneficiary_employees'`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(
      expect.arrayContaining(["last_working_day_date", "job_trial_period_end_date", "pay_roll_other"]),
    );
    const labels = async (type: string) =>
      (
        await rows<{ enumlabel: string }>(
          db,
          sql`select e.enumlabel from pg_enum e join pg_type t on t.oid = e.enumtypid
              where t.typname = ${type} order by e.enumsortorder`,
        )
      ).map((r) => r.enumlabel);
    expect(await labels("order_status")).toEqual([...ORDER_STATUSES]);
    expect(await labels("event_type")).toEqual([...EVENT_TYPES]);
  });

  it("fills defaults: uuid keys, timestamps, the last working day 2999-01-01, order numbers", async () => {
    const { employee, company } = await seedEmployee("defaults@example.fi");
    expect(employee.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(employee.lastWorkingDayDate).toBe("2999-01-01");
    expect(employee.createdAt).toBeInstanceOf(Date);
    const [first] = await db
      .insert(schema.orders)
      .values({ beneficiaryEmployeeId: employee.id, companyId: company.id })
      .returning();
    const [second] = await db
      .insert(schema.orders)
      .values({ beneficiaryEmployeeId: employee.id, companyId: company.id })
      .returning();
    expect(first?.orderStatus).toBe("NOT_STARTED");
    expect(first?.orderNumber).toBeGreaterThanOrEqual(10001);
    expect(second?.orderNumber).toBe((first?.orderNumber ?? 0) + 1);
  });

  it("keeps e-mail addresses unique without regard to case", async () => {
    await db.insert(schema.users).values({ email: "Anna.Virtanen@Example.fi" });
    expect(
      await pgErrorCode(() => db.insert(schema.users).values({ email: "anna.virtanen@example.fi" })),
    ).toBe("23505");
  });

  it("rejects negative cents, out-of-range lease periods and VAT", async () => {
    const { employee, company } = await seedEmployee("cents@example.fi");
    const order = { beneficiaryEmployeeId: employee.id, companyId: company.id };
    expect(await pgErrorCode(() => db.insert(schema.orders).values({ ...order, totalPriceCents: -1 }))).toBe(
      "23514",
    );
    expect(await pgErrorCode(() => db.insert(schema.orders).values({ ...order, leaseTimeMonths: 61 }))).toBe(
      "23514",
    );
    expect(
      await pgErrorCode(() =>
        db.insert(schema.vatRates).values({ countryCode: "FI", ratePercent: 125, validFrom: "2024-09-01" }),
      ),
    ).toBe("23514");
    const [vat] = await db
      .insert(schema.vatRates)
      .values({ countryCode: "FI", ratePercent: 25.5, validFrom: "2024-09-01" })
      .returning();
    expect(vat?.ratePercent).toBe(25.5);
  });

  it("rejects an order status outside the enum", async () => {
    const { employee, company } = await seedEmployee("status@example.fi");
    expect(
      await pgErrorCode(() =>
        db.insert(schema.orders).values({
          beneficiaryEmployeeId: employee.id,
          companyId: company.id,
          orderStatus: "SHIPPED" as never,
        }),
      ),
    ).toBe("22P02");
  });

  it("sets previousStatus exactly while an order waits for a customer comment", async () => {
    const { employee, company } = await seedEmployee("comment@example.fi");
    const order = { beneficiaryEmployeeId: employee.id, companyId: company.id };
    expect(
      await pgErrorCode(() =>
        db.insert(schema.orders).values({ ...order, orderStatus: "WAITING_FOR_CUSTOMER_COMMENT" }),
      ),
    ).toBe("23514");
    expect(
      await pgErrorCode(() =>
        db.insert(schema.orders).values({ ...order, orderStatus: "PENDING", previousStatus: "CONFIRMED" }),
      ),
    ).toBe("23514");
    expect(
      await pgErrorCode(() =>
        db
          .insert(schema.orders)
          .values({ ...order, orderStatus: "WAITING_FOR_CUSTOMER_COMMENT", previousStatus: "CONFIRMED" }),
      ),
    ).toBeUndefined();
  });

  it("enforces foreign keys", async () => {
    const { user } = await seedEmployee("fk@example.fi");
    expect(
      await pgErrorCode(() =>
        db
          .insert(schema.beneficiaryEmployees)
          .values({ userId: user.id, companyId: "00000000-0000-4000-8000-000000000000" }),
      ),
    ).toBe("23503");
  });

  it("keeps one role assignment per user, role and company, including global admin roles", async () => {
    const { user, company } = await seedEmployee("roles@example.fi");
    const [admin] = await db.insert(schema.roles).values({ name: "SUPER_ADMIN", isSystem: true }).returning();
    const [editor] = await db
      .insert(schema.roles)
      .values({ name: "EMPLOYER_EDITOR", isSystem: true })
      .returning();
    const [other] = await db.insert(schema.companies).values({ name: "Toinen Oy" }).returning();
    if (!admin || !editor || !other) throw new Error("seed failed");
    await db.insert(schema.userRoles).values({ userId: user.id, roleId: admin.id });
    expect(
      await pgErrorCode(() => db.insert(schema.userRoles).values({ userId: user.id, roleId: admin.id })),
    ).toBe("23505");
    await db.insert(schema.userRoles).values([
      { userId: user.id, roleId: editor.id, companyId: company.id },
      { userId: user.id, roleId: editor.id, companyId: other.id },
    ]);
    expect(
      await pgErrorCode(() =>
        db.insert(schema.userRoles).values({ userId: user.id, roleId: editor.id, companyId: company.id }),
      ),
    ).toBe("23505");
  });

  it("answers relational queries with `with`", async () => {
    const { employee, company, user } = await seedEmployee("relations@example.fi");
    const [store] = await db.insert(schema.bikeStores).values({ storeName: "Pyörä-Pekka" }).returning();
    if (!store) throw new Error("no store");
    const [order] = await db
      .insert(schema.orders)
      .values({
        beneficiaryEmployeeId: employee.id,
        companyId: company.id,
        bikeStoreId: store.id,
        orderStatus: "PACKAGE_PROVIDED",
        totalPriceCents: 249_900,
      })
      .returning();
    if (!order) throw new Error("no order");
    await db.insert(schema.orderItems).values([
      { orderId: order.id, name: "Tunturi e-bike", unitPriceCents: 229_900, sortOrder: 0 },
      { orderId: order.id, itemType: "ACCESSORY", name: "Lukko", unitPriceCents: 20_000, sortOrder: 1 },
    ]);
    const [permission] = await db.insert(schema.permissions).values({ name: "orders:read" }).returning();
    const [role] = await db.insert(schema.roles).values({ name: "EMPLOYER_ADMIN" }).returning();
    if (!permission || !role) throw new Error("no role");
    await db.insert(schema.rolePermissions).values({ roleId: role.id, permissionId: permission.id });
    await db.insert(schema.userRoles).values({ userId: user.id, roleId: role.id, companyId: company.id });

    const found = await db.query.orders.findFirst({
      where: eq(schema.orders.id, order.id),
      with: {
        items: { orderBy: (items, { asc }) => [asc(items.sortOrder)] },
        bikeStore: true,
        beneficiaryEmployee: { with: { systemUser: true, company: { with: { companyUnits: true } } } },
      },
    });
    expect(found?.bikeStore?.storeName).toBe("Pyörä-Pekka");
    expect(found?.items.map((i) => i.name)).toEqual(["Tunturi e-bike", "Lukko"]);
    expect(found?.beneficiaryEmployee.systemUser?.firstName).toBe("Maija");
    expect(found?.beneficiaryEmployee.company.companyUnits.map((u) => u.unitName)).toEqual(["Helsinki"]);

    const withRoles = await db.query.users.findFirst({
      where: eq(schema.users.id, user.id),
      with: { userRoles: { with: { role: { with: { rolePermissions: { with: { permission: true } } } } } } },
    });
    expect(withRoles?.userRoles[0]?.companyId).toBe(company.id);
    expect(withRoles?.userRoles[0]?.role.rolePermissions[0]?.permission.name).toBe("orders:read");
  });

  it("deletes a company's units with it, and refuses to delete a company with employees", async () => {
    const [company] = await db.insert(schema.companies).values({ name: "Poistuva Oy" }).returning();
    if (!company) throw new Error("no company");
    await db.insert(schema.companyUnits).values([
      { companyId: company.id, unitName: "Espoo" },
      { companyId: company.id, unitName: "Tampere" },
    ]);
    await db.delete(schema.companies).where(eq(schema.companies.id, company.id));
    const left = await db
      .select()
      .from(schema.companyUnits)
      .where(eq(schema.companyUnits.companyId, company.id));
    expect(left).toEqual([]);

    const seeded = await seedEmployee("restrict@example.fi");
    // ON DELETE RESTRICT answers 23503 (foreign_key_violation) on PostgreSQL 15 but 23001
    // (restrict_violation) on PostgreSQL 18 / PGlite: error mapping must accept both.
    expect(["23503", "23001"]).toContain(
      await pgErrorCode(() => db.delete(schema.companies).where(eq(schema.companies.id, seeded.company.id))),
    );
  });

  it("stores file content as bytea with a matching size", async () => {
    const content = Buffer.from("%PDF-1.7 refund receipt");
    const sha256 = createHash("sha256").update(content).digest("hex");
    const [file] = await db
      .insert(schema.files)
      .values({
        fileName: "kuitti.pdf",
        mimeType: "application/pdf",
        sizeBytes: content.length,
        sha256,
        content,
      })
      .returning();
    expect(Buffer.isBuffer(file?.content)).toBe(true);
    expect(file?.content?.equals(content)).toBe(true);
    expect(
      await pgErrorCode(() =>
        db
          .insert(schema.files)
          .values({ fileName: "x.pdf", mimeType: "application/pdf", sizeBytes: 1, sha256, content }),
      ),
    ).toBe("23514");
  });

  it("logs events by entity and by company", async () => {
    const { company, user } = await seedEmployee("events@example.fi");
    const entityId = "11111111-1111-4111-8111-111111111111";
    await db.insert(schema.eventLog).values([
      { type: "ORDER_CONFIRMED", actorUserId: user.id, companyId: company.id, entityType: "order", entityId },
      { type: "ORDER_PROCESSED", companyId: company.id, entityType: "order", entityId, data: { by: "job" } },
    ]);
    const events = await db
      .select()
      .from(schema.eventLog)
      .where(and(eq(schema.eventLog.entityType, "order"), eq(schema.eventLog.entityId, entityId)));
    expect(events.map((e) => e.type).sort()).toEqual(["ORDER_CONFIRMED", "ORDER_PROCESSED"]);
    expect(events.find((e) => e.type === "ORDER_PROCESSED")?.data).toEqual({ by: "job" });
  });

  it("keeps notification read state consistent", async () => {
    const { user } = await seedEmployee("bell@example.fi");
    const base = { userId: user.id, type: "GENERAL" as const, title: "Hei", message: "Uusi tilaus" };
    expect(await pgErrorCode(() => db.insert(schema.notifications).values({ ...base, read: true }))).toBe(
      "23514",
    );
    const [n] = await db.insert(schema.notifications).values(base).returning();
    expect(n?.priority).toBe("NORMAL");
    expect(n?.read).toBe(false);
  });
});
