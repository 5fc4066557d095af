import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { type TBillingTable, zBillingTable, zBillingTables } from "../../../contract/billing-tables.ts";
import { billingTableRows, billingTables, companies, leasingCompanies } from "../../db/schema/index.ts";
import { DEMO_BILLING_TABLE } from "../../db/seed/demo-data.ts";

const t = setupTestApp({}, { demoData: true });
const api = apiCaller(t);

const ADMIN = "admin@pedaali.test";
const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYER = "employer.admin@demo.test";

let pedaaliLeasingId: string;

beforeAll(async () => {
  const [company] = await t.database.db
    .select({ id: leasingCompanies.id })
    .from(leasingCompanies)
    .where(eq(leasingCompanies.companyName, "Pedaali Oy"));
  pedaaliLeasingId = company?.id as string;
});

const table = (overrides: Record<string, unknown> = {}) => ({
  name: `Testitaulukko ${crypto.randomUUID().slice(0, 8)}`,
  leasingCompanyId: pedaaliLeasingId,
  validFrom: "2026-01-01",
  validTo: "2026-12-31",
  monthlyServiceFeeCents: 500,
  residualValuePercent: 5,
  annualInterestPercent: 4.9,
  insurancePercentPerYear: 6,
  monthlyMaintenanceCents: 1_200,
  minLeaseMonths: 12,
  maxLeaseMonths: 48,
  campaignDiscountPercent: 2.5,
  campaignMinLeaseMonths: 36,
  notes: "Kampanja\nsyksyllä",
  rows: [
    { minTotalCents: 150_000, maxTotalCents: null, leaseTimeMonths: 48 },
    { minTotalCents: 0, maxTotalCents: 150_000, leaseTimeMonths: 24 },
  ],
  ...overrides,
});

const create = async (overrides: Record<string, unknown> = {}, who = ADMIN) => {
  const res = await api.call("POST", "/api/billing-table", who, table(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return zBillingTable.parse(res.json());
};
const get = async (id: string) => {
  const res = await api.call("GET", `/api/billing-table/${id}`, ADMIN);
  expect(res.statusCode, res.body).toBe(200);
  return zBillingTable.parse(res.json());
};
const list = async (who = ADMIN) => {
  const res = await api.call("GET", "/api/billing-table", who);
  expect(res.statusCode, res.body).toBe(200);
  return zBillingTables.parse(res.json()).billingTables;
};
const defaults = async () =>
  t.database.db.select({ id: billingTables.id }).from(billingTables).where(eq(billingTables.isDefault, true));

describe("billing tables", () => {
  it("lists the tables in billingTables with their brackets, the demo default among them", async () => {
    const tables = await list(HELPDESK);
    const demo = tables.find((x) => x.name === DEMO_BILLING_TABLE.name);
    expect(demo).toMatchObject({
      leasingCompanyName: "Pedaali Oy",
      annualInterestPercent: 4.9,
      minLeaseMonths: 12,
      maxLeaseMonths: 60,
    });
    expect(demo?.billingTableId).toBe(demo?.id);
    expect(demo?.rows.map(({ id: _, ...r }) => r)).toEqual(DEMO_BILLING_TABLE.rows);
    // The default (whichever it is now) comes first.
    const defaulted = tables.filter((x) => x.isDefault);
    expect(defaulted.length).toBeLessThanOrEqual(1);
    if (defaulted.length === 1) expect(tables[0]?.isDefault).toBe(true);
  });

  it("creates, reads, replaces with new brackets and deletes a table", async () => {
    const created = await create();
    expect(created).toMatchObject({
      leasingCompanyId: pedaaliLeasingId,
      leasingCompanyName: "Pedaali Oy",
      validFrom: "2026-01-01",
      campaignDiscountPercent: 2.5,
      isDefault: false,
      notes: "Kampanja\nsyksyllä",
    });
    // Brackets come back lowest first, whatever order they were sent in.
    expect(created.rows.map((r) => [r.minTotalCents, r.maxTotalCents, r.leaseTimeMonths])).toEqual([
      [0, 150_000, 24],
      [150_000, null, 48],
    ]);
    expect(await get(created.id)).toEqual(created);
    expect((await list()).map((x) => x.id)).toContain(created.id);

    const replaced = await api.call("PUT", `/api/billing-table/${created.id}`, ADMIN, {
      name: "Korvattu taulukko",
      minLeaseMonths: 24,
      maxLeaseMonths: 36,
      rows: [
        { minTotalCents: 0, maxTotalCents: 200_000, leaseTimeMonths: 24 },
        { minTotalCents: 250_000, leaseTimeMonths: 36 },
      ],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = zBillingTable.parse(replaced.json());
    expect(after).toMatchObject({
      id: created.id,
      name: "Korvattu taulukko",
      leasingCompanyId: null,
      leasingCompanyName: null,
      validFrom: null,
      residualValuePercent: null,
      annualInterestPercent: 0,
      campaignDiscountPercent: null,
      notes: null,
      createdAt: created.createdAt,
    });
    expect(after.rows.map((r) => [r.minTotalCents, r.maxTotalCents, r.leaseTimeMonths])).toEqual([
      [0, 200_000, 24],
      [250_000, null, 36],
    ]);
    const stored = await t.database.db
      .select()
      .from(billingTableRows)
      .where(eq(billingTableRows.billingTableId, created.id));
    expect(stored).toHaveLength(2);

    const removed = await api.call("DELETE", `/api/billing-table/${created.id}`, ADMIN);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: "Billing table deleted" });
    expectError(await api.call("GET", `/api/billing-table/${created.id}`, ADMIN), 404, "NOT_FOUND");
    const orphans = await t.database.db
      .select()
      .from(billingTableRows)
      .where(eq(billingTableRows.billingTableId, created.id));
    expect(orphans).toEqual([]);
  });

  it("keeps one default: setting it on a table takes it from the others, and it never just goes", async () => {
    const [demo] = await t.database.db
      .select({ id: billingTables.id })
      .from(billingTables)
      .where(eq(billingTables.name, DEMO_BILLING_TABLE.name));
    try {
      const first = await create({ isDefault: true });
      expect(first.isDefault).toBe(true);
      expect(await defaults()).toEqual([{ id: first.id }]);

      const second = await create({ isDefault: true });
      expect(await defaults()).toEqual([{ id: second.id }]);
      expect((await get(first.id)).isDefault).toBe(false);
      expect((await list())[0]?.id).toBe(second.id);

      // An update that makes the first the default again moves the flag back.
      const moved = await api.call(
        "PUT",
        `/api/billing-table/${first.id}`,
        ADMIN,
        table({ isDefault: true }),
      );
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await defaults()).toEqual([{ id: first.id }]);

      // Saving the default as the default keeps it. The flag only moves: the default cannot drop it
      // (omitted means false) or be deleted, as the public calculator prices with it.
      const kept = await api.call("PUT", `/api/billing-table/${first.id}`, ADMIN, table({ isDefault: true }));
      expect(zBillingTable.parse(kept.json()).isDefault).toBe(true);
      const before = await get(first.id);
      for (const res of [
        await api.call("PUT", `/api/billing-table/${first.id}`, ADMIN, table({ isDefault: false })),
        await api.call("PUT", `/api/billing-table/${first.id}`, ADMIN, table({ isDefault: undefined })),
        await api.call("DELETE", `/api/billing-table/${first.id}`, ADMIN),
      ]) {
        expect(expectError(res, 409, "CONFLICT").message).toMatch(/default/);
      }
      expect(await get(first.id)).toEqual(before);
      expect(await defaults()).toEqual([{ id: first.id }]);

      // Once another table has the flag, the former default is an ordinary table again.
      const moved2 = await api.call(
        "PUT",
        `/api/billing-table/${second.id}`,
        ADMIN,
        table({ isDefault: true }),
      );
      expect(moved2.statusCode, moved2.body).toBe(200);
      const dropped = await api.call(
        "PUT",
        `/api/billing-table/${first.id}`,
        ADMIN,
        table({ isDefault: false }),
      );
      expect(dropped.statusCode, dropped.body).toBe(200);
      expect((await api.call("DELETE", `/api/billing-table/${first.id}`, ADMIN)).statusCode).toBe(200);
      expect(await defaults()).toEqual([{ id: second.id }]);
    } finally {
      // Other tests may read the demo table as the default.
      await t.database.db
        .update(billingTables)
        .set({ isDefault: false })
        .where(eq(billingTables.isDefault, true));
      await t.database.db
        .update(billingTables)
        .set({ isDefault: true })
        .where(eq(billingTables.id, demo?.id as string));
    }
  });

  it("deletes a table that companies name: they keep no billing table", async () => {
    const created = await create();
    const companyId = await companyIdByName(t.database.db, "Demo Logistiikka Oy");
    const [before] = await t.database.db
      .select({ billingTableId: companies.billingTableId })
      .from(companies)
      .where(eq(companies.id, companyId));
    await t.database.db
      .update(companies)
      .set({ billingTableId: created.id })
      .where(eq(companies.id, companyId));
    try {
      const res = await api.call("DELETE", `/api/billing-table/${created.id}`, HELPDESK);
      expect(res.statusCode, res.body).toBe(200);
      const [after] = await t.database.db
        .select({ billingTableId: companies.billingTableId })
        .from(companies)
        .where(eq(companies.id, companyId));
      expect(after?.billingTableId).toBeNull();
    } finally {
      await t.database.db
        .update(companies)
        .set({ billingTableId: before?.billingTableId ?? null })
        .where(eq(companies.id, companyId));
    }
  });

  it("answers bad terms and brackets with 400 naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "" }, "body.name"],
      [{ name: "Rivi\u0007" }, "body.name"],
      [{ annualInterestPercent: 4.955 }, "body.annualInterestPercent"],
      [{ insurancePercentPerYear: 100.5 }, "body.insurancePercentPerYear"],
      [{ residualValuePercent: -1 }, "body.residualValuePercent"],
      [{ campaignDiscountPercent: 101 }, "body.campaignDiscountPercent"],
      [{ campaignMinLeaseMonths: 0 }, "body.campaignMinLeaseMonths"],
      [{ monthlyServiceFeeCents: 5.5 }, "body.monthlyServiceFeeCents"],
      [{ minLeaseMonths: 48, maxLeaseMonths: 24 }, "body.maxLeaseMonths"],
      [{ maxLeaseMonths: 121 }, "body.maxLeaseMonths"],
      [{ validFrom: "2026-06-01", validTo: "2026-05-31" }, "body.validTo"],
      [{ validFrom: "2026-02-30" }, "body.validFrom"],
      [{ leasingCompanyId: "not-a-uuid" }, "body.leasingCompanyId"],
      [{ rows: [] }, "body.rows"],
      [{ rows: undefined }, "body.rows"],
      [
        { rows: [{ minTotalCents: 100, maxTotalCents: 100, leaseTimeMonths: 24 }] },
        "body.rows.0.maxTotalCents",
      ],
      [{ rows: [{ minTotalCents: 0, leaseTimeMonths: 60 }] }, "body.rows.0.leaseTimeMonths"],
      [
        { rows: [{ minTotalCents: 0, leaseTimeMonths: 11 }], minLeaseMonths: 6 },
        "body.rows.0.leaseTimeMonths",
      ],
      [{ rows: [{ minTotalCents: -1, leaseTimeMonths: 24 }] }, "body.rows.0.minTotalCents"],
      [
        {
          rows: [
            { minTotalCents: 0, maxTotalCents: 200_000, leaseTimeMonths: 24 },
            { minTotalCents: 150_000, maxTotalCents: 300_000, leaseTimeMonths: 36 },
          ],
        },
        "body.rows.1.minTotalCents",
      ],
      [
        {
          rows: [
            { minTotalCents: 100_000, leaseTimeMonths: 36 },
            { minTotalCents: 0, maxTotalCents: 100_000, leaseTimeMonths: 24 },
            { minTotalCents: 200_000, leaseTimeMonths: 48 },
          ],
        },
        "body.rows.2.minTotalCents",
      ],
      [
        {
          rows: [
            { minTotalCents: 0, maxTotalCents: 100_000, leaseTimeMonths: 24 },
            { minTotalCents: 0, maxTotalCents: 50_000, leaseTimeMonths: 24 },
          ],
        },
        "body.rows.1.minTotalCents",
      ],
    ];
    const before = (await list()).length;
    for (const [overrides, field] of cases) {
      const res = await api.call("POST", "/api/billing-table", ADMIN, table(overrides));
      const body = expectError(res, 400, "VALIDATION_ERROR");
      expect(
        body.details?.map((d) => d.field),
        JSON.stringify(overrides),
      ).toContain(field);
    }
    // The same rules hold on replace.
    const existing = await create();
    const overlap = await api.call(
      "PUT",
      `/api/billing-table/${existing.id}`,
      ADMIN,
      table({
        rows: [
          { minTotalCents: 0, leaseTimeMonths: 24 },
          { minTotalCents: 1, leaseTimeMonths: 24 },
        ],
      }),
    );
    expectError(overlap, 400, "VALIDATION_ERROR");
    expect((await get(existing.id)).rows).toEqual(existing.rows);
    expect((await list()).length).toBe(before + 1);
  });

  it("answers an unknown leasing company with 400 and writes nothing", async () => {
    const name = `Tuntematon rahoittaja ${crypto.randomUUID()}`;
    const res = await api.call(
      "POST",
      "/api/billing-table",
      ADMIN,
      table({ name, leasingCompanyId: crypto.randomUUID(), isDefault: true }),
    );
    const body = expectError(res, 400, "BAD_REQUEST");
    expect(body.details?.map((d) => d.field)).toEqual(["body.leasingCompanyId"]);
    expect(await t.database.db.select().from(billingTables).where(eq(billingTables.name, name))).toEqual([]);

    const existing: TBillingTable = await create();
    const put = await api.call(
      "PUT",
      `/api/billing-table/${existing.id}`,
      ADMIN,
      table({ leasingCompanyId: crypto.randomUUID() }),
    );
    expectError(put, 400, "BAD_REQUEST");
    expect(await get(existing.id)).toEqual(existing);
  });

  it("answers an unknown id with 404 and a malformed one with 400", async () => {
    const id = crypto.randomUUID();
    expectError(await api.call("GET", `/api/billing-table/${id}`, ADMIN), 404, "NOT_FOUND");
    expectError(await api.call("PUT", `/api/billing-table/${id}`, ADMIN, table()), 404, "NOT_FOUND");
    expectError(await api.call("DELETE", `/api/billing-table/${id}`, ADMIN), 404, "NOT_FOUND");
    expectError(await api.call("GET", "/api/billing-table/123", ADMIN), 400, "VALIDATION_ERROR");
    expectError(await api.call("DELETE", "/api/billing-table/123", ADMIN), 400, "VALIDATION_ERROR");
  });

  it("answers 401 without a session and 403 to an employer admin, changing nothing", async () => {
    const existing = await create();
    const before = (await list()).length;
    const calls = (who: string | null) => [
      api.call("GET", "/api/billing-table", who),
      api.call("POST", "/api/billing-table", who, table()),
      api.call("GET", `/api/billing-table/${existing.id}`, who),
      api.call("PUT", `/api/billing-table/${existing.id}`, who, table({ isDefault: true })),
      api.call("DELETE", `/api/billing-table/${existing.id}`, who),
    ];
    for (const res of await Promise.all(calls(null))) expectError(res, 401, "UNAUTHORIZED");
    for (const res of await Promise.all(calls(EMPLOYER))) expectError(res, 403, "FORBIDDEN");
    expect(await get(existing.id)).toEqual(existing);
    expect((await list()).length).toBe(before);
  });
});
