import { describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zBikeRedemptionList } from "../../../contract/bike-redemptions.ts";
import {
  activeLease,
  COLLEAGUE,
  EDITOR,
  EMPLOYEE,
  HELPDESK,
  MISSING,
  OTHER_TENANT,
  REPORTING,
  redemptionKit,
} from "./test-kit.ts";

/** Reading redemption cases (ADR 009, "The lease's end"): the list of the caller's reach and one case by side. */

const t = setupTestApp({}, { demoData: true });
const { call, db, lease, open, details } = redemptionKit(t);

describe("GET /api/bike-redemption", () => {
  it("lists the caller's reach, newest first, searched and filtered in SQL, with the page asked for", async () => {
    const mine = await open((await lease()).orderId, HELPDESK, { reason: "EMPLOYEE_RESIGNED" });
    const colleague = await open((await activeLease(db(), { email: COLLEAGUE })).orderId, HELPDESK, {
      reason: "EMPLOYEE_RESIGNED",
    });
    const page = async (who: string, query = "&limit=100") => {
      const res = await call("GET", `/api/bike-redemption?page=1${query}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return zBikeRedemptionList.parse(res.json());
    };
    const all = await page(HELPDESK);
    expect(all.items.map((i) => i.id)).toEqual(expect.arrayContaining([mine.id, colleague.id]));
    expect(all.page).toBe(1);
    expect(all.limit).toBe(100);
    const own = await page(EMPLOYEE);
    expect(own.items.map((i) => i.id)).toContain(mine.id);
    expect(own.items.map((i) => i.id)).not.toContain(colleague.id);
    expect((await page(REPORTING)).items.map((i) => i.id)).toContain(colleague.id);
    expect((await page(OTHER_TENANT)).items.map((i) => i.company.name)).not.toContain("Demo Oy");
    const found = await page(HELPDESK, `&search=${mine.order.orderNumber}&limit=100`);
    expect(found.items.map((i) => i.id)).toEqual([mine.id]);
    expect(found.totalCount).toBe(1);
    expect(
      (await page(HELPDESK, "&search=koivula&reason=EMPLOYEE_RESIGNED&limit=100")).items.map((i) => i.id),
    ).toContain(colleague.id);
    expect(
      (await page(HELPDESK, "&status=CANCELLED&paymentMethod=BATCH&limit=100")).items.map((i) => i.id),
    ).not.toContain(mine.id);
    const first = await page(HELPDESK, "&limit=1");
    expect(first.items).toHaveLength(1);
    expect(first.totalCount).toBe(all.totalCount);
  });

  it("answers 400 to a bad filter and 401 to the anonymous", async () => {
    expectError(await call("GET", "/api/bike-redemption?status=OPEN", HELPDESK), 400);
    expectError(await call("GET", "/api/bike-redemption?limit=1000", HELPDESK), 400);
    expectError(await call("GET", "/api/bike-redemption", null), 401);
  });
});

describe("GET /api/bike-redemption/{id}", () => {
  it("shows the case to its employee, their employer and the helpdesk; names and ledger by side", async () => {
    const c = await open((await lease()).orderId);
    const helpdesk = await details(c.id);
    expect(helpdesk.events[0]?.actorName).toBe("Mikko Heikkinen");
    const employee = await details(c.id, EMPLOYEE);
    expect(employee.events[0]?.actorName).toBeNull();
    expect(employee.allowedActions).toEqual(["CHOOSE"]);
    expect((await details(c.id, REPORTING)).allowedActions).toEqual([]);
    expect((await details(c.id, EDITOR)).allowedActions).toEqual(["CHOOSE"]);
    expectError(await call("GET", `/api/bike-redemption/${c.id}`, OTHER_TENANT), 404, "NOT_FOUND");
    expectError(await call("GET", `/api/bike-redemption/${c.id}`, COLLEAGUE), 404, "NOT_FOUND");
    expectError(await call("GET", `/api/bike-redemption/${c.id}`, null), 401);
    expectError(await call("GET", "/api/bike-redemption/nope", HELPDESK), 400);
    expectError(await call("GET", `/api/bike-redemption/${MISSING}`, HELPDESK), 404);
    const offer = c.offers[0]?.id as string;
    expectError(await call("GET", `/api/redemption-offers/${offer}/file`, COLLEAGUE), 404);
    expectError(await call("GET", `/api/redemption-offers/${offer}/file`, OTHER_TENANT), 404);
  });
});
