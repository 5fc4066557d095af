import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cookieHeader, cookieJar } from "../../../../tests/helpers/auth.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { testFileStore } from "../../../../tests/helpers/test-db.ts";
import { zMyOrders } from "../../../contract/orders.ts";
import { zRegisterLinkInfo } from "../../../contract/registration.ts";
import { zMyUserPayments } from "../../../contract/user-payments.ts";
import { testDataKeyring } from "../../data-keys.ts";
import { sha256 } from "../../modules/auth/tokens.ts";
import { billingTableRows, billingTables, registrationLinks, users } from "../schema/index.ts";
import { DEMO_BILLING_TABLE, DEMO_JOIN_TOKEN, DEMO_PASSWORD } from "./demo-data.ts";
import { seedDemo } from "./seed-demo.ts";

/**
 * The demo data lets a visitor try what the README promises, again and again — joining Demo Oy
 * by its registration link, and twofactor@demo.test's first-login phone step — on every demo seed
 * (every `npm start` and `npm run seed:demo` outside production), not only on the very first.
 */
const t = setupTestApp({}, { demoData: true });
const readme = readFileSync("README.md", "utf8");

let nextAddress = 1;
const address = () => `10.60.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;

const linkInfo = () =>
  t.app.inject({ method: "GET", url: `/api/register-link/${DEMO_JOIN_TOKEN}`, remoteAddress: address() });

describe("the demo data has a registration link for Demo Oy", () => {
  it("opens /liity/{token} for Demo Oy, and the README lists it with the demo users", async () => {
    const res = await linkInfo();
    expect(res.statusCode, res.body).toBe(200);
    expect(zRegisterLinkInfo.parse(res.json())).toMatchObject({
      valid: true,
      kind: "company",
      name: "Demo Oy",
    });
    expect(readme).toContain(`/liity/${DEMO_JOIN_TOKEN}`);
    const demoSection = readme.slice(readme.indexOf("## Demo users"), readme.indexOf("## Commands"));
    expect(demoSection).toContain(`/liity/${DEMO_JOIN_TOKEN}`);
  });

  it("works again after a demo seed once it was revoked or had expired", async () => {
    await t.database.db
      .update(registrationLinks)
      .set({ revokedAt: new Date(), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrationLinks.tokenHash, sha256(DEMO_JOIN_TOKEN)));
    expect((await linkInfo()).json()).toMatchObject({ valid: false });
    expect(await seedDemo(t.database.db, testFileStore(), testDataKeyring())).toEqual({ seeded: false });
    expect((await linkInfo()).json()).toMatchObject({ valid: true, name: "Demo Oy" });
  });
});

describe("twofactor@demo.test's phone step can be seen again", () => {
  const EMAIL = "twofactor@demo.test";
  const login = () =>
    t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: EMAIL, password: DEMO_PASSWORD },
      remoteAddress: address(),
    });

  it("asks for a phone number again after each demo seed, once someone gave one", async () => {
    // As after someone tried the phone step: the number is stored and verified.
    await t.database.db
      .update(users)
      .set({ phoneNumber: "0505559876", phoneVerifiedAt: new Date() })
      .where(eq(users.email, EMAIL));
    expect((await login()).statusCode).toBe(202);

    expect(await seedDemo(t.database.db, testFileStore(), testDataKeyring())).toEqual({ seeded: false });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, EMAIL));
    expect(user?.phoneNumber).toBeNull();
    expect(user?.phoneVerifiedAt).toBeNull();
    const again = await login();
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "PHONE_NUMBER_REQUIRED", requiresPhoneNumber: true });
  });

  it("is documented in the README's table of demo users", () => {
    const row = readme.split("\n").find((line) => line.startsWith(`| \`${EMAIL}\``));
    expect(row).toMatch(/every demo seed|each start/i);
  });

  it("touches nothing else: the other demo users keep their phone numbers", async () => {
    expect(await seedDemo(t.database.db, testFileStore(), testDataKeyring())).toEqual({ seeded: false });
    const [admin] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, "employer.admin@demo.test"));
    expect(admin?.phoneNumber).toBe("+358505550101");
  });
});

describe("a demo database made before the billing table's annuity terms", () => {
  it("gets the demo terms, price brackets and the default flag back on the next demo seed", async () => {
    const [table] = await t.database.db
      .select()
      .from(billingTables)
      .where(eq(billingTables.name, DEMO_BILLING_TABLE.name));
    const id = table?.id as string;
    // What migration 0004 leaves: the rows deleted, the new terms at their column defaults.
    await t.database.db.delete(billingTableRows).where(eq(billingTableRows.billingTableId, id));
    await t.database.db
      .update(billingTables)
      .set({
        isDefault: false,
        annualInterestPercent: 0,
        insurancePercentPerYear: 0,
        monthlyMaintenanceCents: 0,
      })
      .where(eq(billingTables.id, id));
    await seedDemo(t.database.db, testFileStore(), testDataKeyring());
    const [after] = await t.database.db.select().from(billingTables).where(eq(billingTables.id, id));
    expect(after).toMatchObject({
      isDefault: true,
      annualInterestPercent: 4.9,
      insurancePercentPerYear: 6,
      monthlyMaintenanceCents: 1_200,
    });
    const rows = await t.database.db
      .select()
      .from(billingTableRows)
      .where(eq(billingTableRows.billingTableId, id));
    expect(rows.map((r) => r.leaseTimeMonths).sort()).toEqual([24, 36, 48, 60]);
  });
});

describe("the README's tour of what follows the sale", () => {
  const tour = readme.slice(readme.indexOf("| Log in as | What to try |"));
  const emails = [...tour.slice(0, tour.indexOf("\n\n")).matchAll(/`([\w.]+@demo\.test)`/g)].map(
    (m) => m[1] as string,
  );

  async function session(email: string) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email, password: DEMO_PASSWORD },
      remoteAddress: address(),
    });
    expect(res.statusCode, `${email}: ${res.body}`).toBe(200);
    return { cookie: cookieHeader(cookieJar({}, res)) };
  }
  async function myOrders(email: string) {
    const res = await t.app.inject({ url: "/api/orders/my", headers: await session(email) });
    return zMyOrders.parse(res.json()).items;
  }

  it("names employees who log in with the demo password", async () => {
    expect(emails.length).toBeGreaterThanOrEqual(6);
    for (const email of emails.filter((e) => !e.startsWith("employer."))) await session(email);
  });

  it("gives each of them what the README says they will find", async () => {
    const redemption = async (email: string) =>
      (await myOrders(email)).map((o) => o.afterSales.redemption).find((r) => r !== null);
    expect(await redemption("iida.saarinen@demo.test")).toMatchObject({
      status: "PENDING",
      reason: "LEASE_TERM_ENDS",
      choice: null,
    });
    expect(await redemption("venla.turunen@demo.test")).toMatchObject({
      status: "PENDING",
      reason: "EMPLOYER_ENDED_EMPLOYMENT",
    });
    expect(await redemption("juho.nieminen@demo.test")).toMatchObject({
      status: "COMPLETED",
      choice: "REDEEM",
    });
    const claims = async (email: string) =>
      (await myOrders(email)).flatMap((o) => o.afterSales.insuranceClaims);
    expect(await claims("helmi.makela@demo.test")).toEqual([
      expect.objectContaining({ type: "THEFT", status: "PENDING" }),
    ]);
    expect(await claims("patrik.nystrom@demo.test")).toEqual([
      expect.objectContaining({ type: "DAMAGE", status: "COMPLETED" }),
    ]);
    const payments = await t.app.inject({
      url: "/api/user-payment",
      headers: await session("employee@demo.test"),
    });
    const items = zMyUserPayments.parse(payments.json()).items;
    expect(
      items.some((p) => p.paymentMethod === "BATCH" && p.paymentStatus === "PENDING" && p.bankTransfer),
    ).toBe(true);
    expect(items.some((p) => p.paymentStatus === "PAID")).toBe(true);
  });
});
