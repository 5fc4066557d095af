import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { loginAs } from "../../../../tests/helpers/auth.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zBikeStoreSaved } from "../../../contract/bike-stores.ts";
import { zInvoice } from "../../../contract/invoices.ts";
import { zPayoutBatchDetails } from "../../../contract/store-payouts.ts";
import { DAY_MS } from "../../../domain/dates.ts";
import type { RoleName } from "../../../domain/roles.ts";
import { ibanCheckDigits } from "../../../domain/validation/bank-account.ts";
import {
  beneficiaryEmployees,
  orders,
  outbox,
  payoutBatches,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo-data.ts";
import { hashPassword } from "../auth/passwords.ts";

/**
 * One person alone cannot move money: the second pair of eyes is nobody the first can make, empower or
 * redirect. Each call that gives a role or changes another person's login e-mail or phone, by every
 * tier, on a person of every tier; and a staff member new to the role approves nothing yet.
 */

const t = setupTestApp({}, { demoData: true });
const api = apiCaller(t);

const SUPER_ADMIN = "admin@pedaali.test";
const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYER_ADMIN = "employer.admin@demo.test";
const GROUP_ADMIN = "group.admin@demo.test";

let demoOyId: string;
let passwordHash: string;
let serial = 0;
const unique = (what: string) => `${what}.${Date.now()}.${++serial}@tiers.test`;

beforeAll(async () => {
  demoOyId = await companyIdByName(t.database.db, "Demo Oy");
  passwordHash = await hashPassword(DEMO_PASSWORD);
});

async function roleIdOf(name: string): Promise<string> {
  const [role] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return role?.id as string;
}

/** A fresh person holding `role` (staff roles globally, others in Demo Oy) who can log in. */
async function person(role: RoleName, options: { staffSinceDaysAgo?: number } = {}) {
  const { db } = t.database;
  const email = unique(role.toLowerCase());
  const phoneNumber = `+3584019${String(serial).padStart(5, "0")}`;
  const [user] = await db
    .insert(users)
    .values({ email, passwordHash, phoneNumber, phoneVerifiedAt: new Date() })
    .returning({ id: users.id });
  const userId = user?.id as string;
  const staff = role === "SUPER_ADMIN" || role === "INTERNAL_ADMIN";
  await db
    .insert(systemUsers)
    .values({ userId, firstName: "Tasotesti", lastName: role, companyId: staff ? null : demoOyId });
  const createdAt = new Date(Date.now() - (options.staffSinceDaysAgo ?? 400) * DAY_MS);
  await db
    .insert(userRoles)
    .values({ userId, roleId: await roleIdOf(role), companyId: staff ? null : demoOyId, createdAt });
  if (role === "BIKE_BENEFICIARY")
    await db.insert(beneficiaryEmployees).values({ userId, companyId: demoOyId, status: "ACCEPTED" });
  return { userId, email };
}

async function userRow(userId: string) {
  const [row] = await t.database.db
    .select({ email: users.email, phoneNumber: users.phoneNumber, deactivated: users.deactivated })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

describe("making and empowering staff", () => {
  it("lets only a super admin make a staff user; the helpdesk's attempt makes nobody", async () => {
    const email = unique("second-pair");
    const body = { firstName: "Toinen", lastName: "Silmäpari", workEmail: email, role: "INTERNAL_ADMIN" };
    expectError(await api.call("POST", "/api/system-users", HELPDESK, body), 403);
    const [none] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(none).toBeUndefined();

    const made = await api.call("POST", "/api/system-users", SUPER_ADMIN, body);
    expect(made.statusCode, made.body).toBe(201);
  });

  it("lets only a super admin give or take a staff role, or a role an admin made", async () => {
    const target = await person("EMPLOYER_ADMIN");
    const internal = await roleIdOf("INTERNAL_ADMIN");
    const [custom] = await t.database.db
      .insert(roles)
      .values({ name: `Tilitysten hyväksyjä ${serial}`, isSystem: false })
      .returning({ id: roles.id });
    const grant = (who: string, roleId: string, companyIds: string[] = []) =>
      api.call("POST", `/api/user-roles/users/${target.userId}/roles/${roleId}`, who, { companyIds });

    expectError(await grant(HELPDESK, internal), 403);
    expectError(await grant(HELPDESK, custom?.id as string), 403);
    expectError(await grant(HELPDESK, custom?.id as string, [demoOyId]), 403);
    const held = await t.database.db
      .select({ id: userRoles.id })
      .from(userRoles)
      .where(and(eq(userRoles.userId, target.userId), isNull(userRoles.companyId)));
    expect(held).toEqual([]);

    expect((await grant(SUPER_ADMIN, internal)).statusCode).toBe(200);
    const removed = await api.call(
      "DELETE",
      `/api/user-roles/users/${target.userId}/roles/${internal}`,
      HELPDESK,
      { companyId: null },
    );
    expectError(removed, 403);
  });

  it("tells every other active staff member by mail when a staff role is given", async () => {
    const target = await person("EMPLOYER_EDITOR");
    const res = await api.call(
      "POST",
      `/api/user-roles/users/${target.userId}/roles/${await roleIdOf("INTERNAL_ADMIN")}`,
      SUPER_ADMIN,
      { companyIds: [] },
    );
    expect(res.statusCode, res.body).toBe(200);
    const mails = await t.database.db
      .select({ recipient: outbox.recipient, text: outbox.bodyText })
      .from(outbox)
      .where(
        and(eq(outbox.template, "staff-role-granted"), sql`${outbox.bodyText} like ${`%${target.email}%`}`),
      );
    const recipients = mails.map((m) => m.recipient);
    expect(recipients).toEqual(expect.arrayContaining([SUPER_ADMIN, HELPDESK]));
    expect(recipients).not.toContain(target.email);
  });
});

describe("another person's login e-mail, phone and account, by every tier", () => {
  type Call = "email" | "phone" | "deactivate";
  const CALLS: Call[] = ["email", "phone", "deactivate"];
  const ACTORS = [SUPER_ADMIN, HELPDESK, EMPLOYER_ADMIN, GROUP_ADMIN] as const;
  const TARGETS: RoleName[] = [
    "SUPER_ADMIN",
    "INTERNAL_ADMIN",
    "EMPLOYER_GROUP_ADMIN",
    "EMPLOYER_ADMIN",
    "EMPLOYER_EDITOR",
    "BIKE_BENEFICIARY",
  ];
  const staff = (role: RoleName) => role === "SUPER_ADMIN" || role === "INTERNAL_ADMIN";

  /** What the rule allows: managers are the staff; a staff target's contact is nobody's, its account a super admin's. */
  function allowed(actor: string, target: RoleName, call: Call): boolean {
    if (actor !== SUPER_ADMIN && actor !== HELPDESK) return false;
    if (call === "deactivate") return !staff(target) || actor === SUPER_ADMIN;
    return !staff(target);
  }

  async function attempt(actor: string, userId: string, call: Call) {
    if (call === "email") {
      const csrfToken = (await api.as(actor)).jar.csrfToken;
      return api.call("PUT", `/api/system-users/${userId}`, actor, {
        workEmail: unique("redirected"),
        csrfToken,
      });
    }
    if (call === "phone")
      return api.call("PATCH", `/api/system-users/${userId}/phone`, actor, { phoneNumber: "+358401234599" });
    return api.call("PATCH", `/api/system-users/${userId}/deactivated`, actor, { deactivated: true });
  }

  for (const actor of ACTORS)
    for (const target of TARGETS)
      for (const call of CALLS)
        it(`${actor} → ${call} of a ${target}: ${allowed(actor, target, call) ? "applied" : "refused, unchanged"}`, async () => {
          const { userId } = await person(target);
          const before = await userRow(userId);
          const res = await attempt(actor, userId, call);
          if (allowed(actor, target, call)) {
            expect(res.statusCode, res.body).toBe(200);
          } else {
            expect([403, 404], res.body).toContain(res.statusCode);
            expect(await userRow(userId)).toEqual(before);
          }
        });

  it("still lets a staff member change their own e-mail, with their password", async () => {
    const me = await person("INTERNAL_ADMIN");
    const session = await loginAs(t.app, me.email);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/system-users/${me.userId}`,
      headers: session.headers(),
      payload: { workEmail: unique("own"), currentPassword: DEMO_PASSWORD, csrfToken: session.jar.csrfToken },
    });
    expect(res.statusCode, res.body).toBe(202);
  });
});

describe("a staff member new to the role", () => {
  let storeSerial = 0;
  let employmentId: string;

  beforeAll(async () => {
    const employee = await userIdByEmail(t.database.db, "employee@demo.test");
    const [row] = await t.database.db
      .select({ id: beneficiaryEmployees.id })
      .from(beneficiaryEmployees)
      .where(and(eq(beneficiaryEmployees.userId, employee), eq(beneficiaryEmployees.companyId, demoOyId)));
    employmentId = row?.id as string;
  });

  /** A store with one matched order's payable, gathered into a batch the helpdesk makes. */
  async function batch(): Promise<string> {
    storeSerial += 1;
    const bban = `405500${String(880_000 + storeSerial).padStart(8, "0")}`;
    const made = await api.call("POST", "/api/bike-stores", HELPDESK, {
      storeName: `Tasotestin pyörä ${storeSerial} ${Date.now()}`,
      businessId: "3011223-0",
      iban: `FI${ibanCheckDigits("FI", bban)}${bban}`,
      bic: "HELSFIHH",
    });
    expect(made.statusCode, made.body).toBe(201);
    const storeId = zBikeStoreSaved.parse(made.json()).bikeStore.bikeStoreId;
    const [order] = await t.database.db
      .insert(orders)
      .values({
        beneficiaryEmployeeId: employmentId,
        companyId: demoOyId,
        bikeStoreId: storeId,
        orderStatus: "WAITING_FOR_INVOICE_MATCH",
        totalPriceCents: 319_700,
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    const invoice = await api.call("POST", "/api/invoices", HELPDESK, {
      orderId: order?.id,
      invoiceNumber: `TT-${order?.orderNumber}`,
      amountCents: 254_741,
      vatCents: 64_959,
      issueDate: "2026-11-02",
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const matched = await api.call(
      "POST",
      `/api/invoices/${zInvoice.parse(invoice.json()).id}/match`,
      HELPDESK,
    );
    expect(matched.statusCode, matched.body).toBe(200);
    const res = await api.call("POST", "/api/store-payouts/batches", HELPDESK, { bikeStoreId: storeId });
    expect(res.statusCode, res.body).toBe(201);
    return zPayoutBatchDetails.parse(res.json()).id;
  }

  /** Approves the batch as `who` was shown it. */
  async function approve(who: string, id: string) {
    const read = await api.call("GET", `/api/store-payouts/batches/${id}`, who);
    expect(read.statusCode, read.body).toBe(200);
    const { approvalDigest } = zPayoutBatchDetails.parse(read.json());
    return api.call("POST", `/api/store-payouts/batches/${id}/approve`, who, { approvalDigest });
  }

  it("approves nothing during the cooling-off period, even a batch made after they were staff", async () => {
    const newcomer = await person("INTERNAL_ADMIN", { staffSinceDaysAgo: 0 });
    const id = await batch();
    expectError(await approve(newcomer.email, id), 409, "APPROVER_COOLING_OFF");
    const [row] = await t.database.db
      .select({ status: payoutBatches.status })
      .from(payoutBatches)
      .where(eq(payoutBatches.id, id));
    expect(row?.status).toBe("CREATED");
  });

  it("never approves a batch made before they were staff, and approves a later one once the period is over", async () => {
    const older = await batch();
    const newcomer = await person("INTERNAL_ADMIN", { staffSinceDaysAgo: 8 });
    await t.database.db
      .update(payoutBatches)
      .set({ createdAt: new Date(Date.now() - 9 * DAY_MS) })
      .where(eq(payoutBatches.id, older));
    expectError(await approve(newcomer.email, older), 409, "APPROVER_NEWER_THAN_REQUEST");

    const later = await batch();
    const res = await approve(newcomer.email, later);
    expect(res.statusCode, res.body).toBe(200);
  });

  it("is the probe's path closed end to end: the helpdesk cannot make the approver of its own batch", async () => {
    const id = await batch();
    const email = unique("approver");
    expectError(
      await api.call("POST", "/api/system-users", HELPDESK, {
        firstName: "Oma",
        lastName: "Hyväksyjä",
        workEmail: email,
        role: "INTERNAL_ADMIN",
      }),
      403,
    );
    // Even made by a super admin, the new account may not approve the batch made before it existed.
    const made = await api.call("POST", "/api/system-users", SUPER_ADMIN, {
      firstName: "Oma",
      lastName: "Hyväksyjä",
      workEmail: email,
      role: "INTERNAL_ADMIN",
    });
    expect(made.statusCode, made.body).toBe(201);
    await t.database.db
      .update(users)
      .set({ passwordHash, phoneNumber: "+358401900999", phoneVerifiedAt: new Date() })
      .where(eq(users.email, email));
    expectError(await approve(email, id), 409, "APPROVER_NEWER_THAN_REQUEST");
    const stillWaiting = await t.database.db
      .select({ id: payoutBatches.id })
      .from(payoutBatches)
      .where(and(inArray(payoutBatches.id, [id]), eq(payoutBatches.status, "CREATED")));
    expect(stillWaiting).toHaveLength(1);
  });
});
