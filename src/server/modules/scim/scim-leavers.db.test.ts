import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { DEFAULT_LAST_WORKING_DAY, toHelsinkiDateString } from "../../../domain/dates.ts";
import { SCIM_PATCH_OP } from "../../../domain/scim.ts";
import {
  beneficiaryEmployees,
  bikeRedemptions,
  eventLog,
  notifications,
  outbox,
  refreshSessions,
  users,
} from "../../db/schema/index.ts";
import { activeLease } from "../redemptions/test-kit.ts";
import { identityProvider, issueToken, newUser, parseUser } from "./test-kit.ts";

/**
 * The leaver: the identity provider deactivates a person (PATCH active false, PUT, DELETE) and
 * Pedaali opens the employment's end instead of locking them out: the last working day is today and
 * each running lease gets its redemption case, with the offer mail and the employer admins' bell.
 */

const t = setupTestApp({}, { demoData: true });
const { as } = apiCaller(t);
const scim = identityProvider(() => t.app);

const DEMO_ADMIN = "employer.admin@demo.test";
const db = () => t.database.db;
let demoOyId: string;
let adminId: string;

beforeAll(async () => {
  demoOyId = await companyIdByName(db(), "Demo Oy");
  adminId = await userIdByEmail(db(), DEMO_ADMIN);
});

const deactivation = (form: "path" | "entra") => ({
  schemas: [SCIM_PATCH_OP],
  Operations: [
    form === "path"
      ? { op: "replace", path: "active", value: false }
      : { op: "Replace", value: { active: "False" } },
  ],
});

/** A person the provider made, with a lease that started a year ago; and the provider's token. */
async function leaverWithLease() {
  const token = await issueToken(t.app, (await as(DEMO_ADMIN)).headers(), demoOyId);
  const body = newUser();
  const user = parseUser(await scim(token, "POST", "/Users", body), 201);
  const lease = await activeLease(db(), { email: body.userName, startedMonthsAgo: 12 });
  return { token, body, user, lease };
}

const casesOf = (orderId: string) =>
  db().select().from(bikeRedemptions).where(eq(bikeRedemptions.orderId, orderId));

const eventsOf = (employeeId: string, type: "SCIM_EMPLOYEE_DEACTIVATED" | "SCIM_EMPLOYEE_REACTIVATED") =>
  db()
    .select({ data: eventLog.data, actor: eventLog.actorUserId, companyId: eventLog.companyId })
    .from(eventLog)
    .where(and(eq(eventLog.entityId, employeeId), eq(eventLog.type, type)));

describe("deactivating a person with a running lease", () => {
  for (const form of ["path", "entra"] as const) {
    it(`opens the redemption case once, mails the offer and rings the admins' bell (${form} form)`, async () => {
      const { token, body, user, lease } = await leaverWithLease();
      const res = await scim(token, "PATCH", `/Users/${user.id}`, deactivation(form));
      expect(parseUser(res).active).toBe(false);

      const [employee] = await db()
        .select({ lastDay: beneficiaryEmployees.lastWorkingDayDate })
        .from(beneficiaryEmployees)
        .where(eq(beneficiaryEmployees.id, user.id));
      expect(employee?.lastDay).toBe(toHelsinkiDateString(new Date()));
      const cases = await casesOf(lease.orderId);
      expect(cases).toHaveLength(1);
      expect(cases[0]).toMatchObject({
        status: "PENDING",
        reason: "EMPLOYER_ENDED_EMPLOYMENT",
        openedByUserId: null,
      });
      const caseId = cases[0]?.id as string;

      const mails = await db()
        .select({ template: outbox.template })
        .from(outbox)
        .where(and(eq(outbox.recipient, body.userName), eq(outbox.template, "redemption-offer")));
      expect(mails).toHaveLength(1);
      const bell = await db()
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(eq(notifications.entityId, caseId));
      expect(bell.map((b) => b.userId)).toContain(adminId);

      // The helpdesk reads it in the event log: who, which orders, how many cases; the actor is the system.
      const [event] = await eventsOf(user.id, "SCIM_EMPLOYEE_DEACTIVATED");
      expect(event).toMatchObject({
        actor: null,
        companyId: demoOyId,
        data: { via: "PATCH", orderIds: [lease.orderId], casesOpened: 1, bikeRedemptionIds: [caseId] },
      });
      expect(event?.data.tokenId).toEqual(expect.any(String));
      const [ended] = await db()
        .select({ data: eventLog.data })
        .from(eventLog)
        .where(and(eq(eventLog.entityId, user.id), eq(eventLog.type, "EMPLOYMENT_ENDED")));
      expect(ended?.data).toMatchObject({
        lastWorkingDayDate: toHelsinkiDateString(new Date()),
        source: "scim",
      });

      // The provider sends the same change again (retries, full syncs): nothing opens twice.
      expect(parseUser(await scim(token, "PATCH", `/Users/${user.id}`, deactivation("path"))).active).toBe(
        false,
      );
      expect((await scim(token, "PUT", `/Users/${user.id}`, { ...body, active: false })).statusCode).toBe(
        200,
      );
      expect(await casesOf(lease.orderId)).toHaveLength(1);
      expect(await eventsOf(user.id, "SCIM_EMPLOYEE_DEACTIVATED")).toHaveLength(1);
    });
  }

  it("keeps the account, its login and the lease history; reactivating records it and closes nothing", async () => {
    const { token, body, user, lease } = await leaverWithLease();
    await scim(token, "PATCH", `/Users/${user.id}`, deactivation("path"));
    const [account] = await db()
      .select({ deactivated: users.deactivated })
      .from(users)
      .where(eq(users.email, body.userName));
    expect(account?.deactivated).toBe(false);

    const back = parseUser(await scim(token, "PUT", `/Users/${user.id}`, { ...body, active: true }));
    expect(back.active).toBe(true);
    const [reactivated] = await eventsOf(user.id, "SCIM_EMPLOYEE_REACTIVATED");
    expect(reactivated?.data).toMatchObject({ via: "PUT" });
    expect((await casesOf(lease.orderId)).map((c) => c.status)).toEqual(["PENDING"]);
    const [employee] = await db()
      .select({ lastDay: beneficiaryEmployees.lastWorkingDayDate })
      .from(beneficiaryEmployees)
      .where(eq(beneficiaryEmployees.id, user.id));
    expect(employee?.lastDay).not.toBe(DEFAULT_LAST_WORKING_DAY);
  });
});

describe("DELETE", () => {
  it("deactivates as active false does, answers 204 and keeps the employee", async () => {
    const { token, user, lease } = await leaverWithLease();
    const res = await scim(token, "DELETE", `/Users/${user.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe("");
    const cases = await casesOf(lease.orderId);
    expect(cases.map((c) => [c.status, c.reason])).toEqual([["PENDING", "EMPLOYER_ENDED_EMPLOYMENT"]]);
    const again = parseUser(await scim(token, "GET", `/Users/${user.id}`));
    expect(again.active).toBe(false);
    expect((await scim(token, "DELETE", `/Users/${user.id}`)).statusCode).toBe(204);
    expect(await casesOf(lease.orderId)).toHaveLength(1);
    const [event] = await eventsOf(user.id, "SCIM_EMPLOYEE_DEACTIVATED");
    expect(event?.data).toMatchObject({ via: "DELETE", casesOpened: 1 });
  });

  it("opens nothing for a person without a lease, and ends no session", async () => {
    const token = await issueToken(t.app, (await as(DEMO_ADMIN)).headers(), demoOyId);
    const user = parseUser(await scim(token, "POST", "/Users", newUser()), 201);
    const sessionsBefore = await db().select({ id: refreshSessions.id }).from(refreshSessions);
    expect((await scim(token, "DELETE", `/Users/${user.id}`)).statusCode).toBe(204);
    const [event] = await eventsOf(user.id, "SCIM_EMPLOYEE_DEACTIVATED");
    expect(event?.data).toMatchObject({ orderIds: [], casesOpened: 0 });
    const ids = sessionsBefore.map((s) => s.id);
    const sessionsAfter = ids.length
      ? await db()
          .select({ id: refreshSessions.id })
          .from(refreshSessions)
          .where(inArray(refreshSessions.id, ids))
      : [];
    expect(sessionsAfter).toHaveLength(ids.length);
  });
});
