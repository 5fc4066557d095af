import { describe, expect, it } from "vitest";
import { PLAUSIBLE_DATE_RULE, plausibleDateSpan } from "../domain/plausible-dates.ts";
import { zOpenBikeRedemption, zUpdateBikeRedemption } from "./bike-redemptions.ts";
import { zCalculatorRequest } from "./calculator.ts";
import { BUSINESS_ID_MESSAGES, zBusinessId } from "./company-fields.ts";
import { zAbsenceInput, zUpdateEmployee } from "./employees.ts";
import { zCreateSignedDocument } from "./signed-documents.ts";
import { zStoreDeliveryInput } from "./store-links.ts";

/** The first issue the schema raises, with its path joined. */
function firstIssue(
  schema: { safeParse: (value: unknown) => { success: boolean; error?: unknown } },
  body: unknown,
) {
  const result = schema.safeParse(body) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string; params?: Record<string, unknown> }[] };
  };
  if (result.success) return null;
  const issue = result.error?.issues[0];
  return issue ? { path: issue.path.join("."), message: issue.message, params: issue.params } : null;
}

describe("plausible dates in the contract", () => {
  const cases = [
    [
      "an absence's start",
      zAbsenceInput,
      { reason: "SICK_LEAVE", startDate: "1900-01-01" },
      "startDate",
      "ABSENCE",
    ],
    [
      "an absence's end",
      zAbsenceInput,
      { reason: "SICK_LEAVE", startDate: new Date().toISOString().slice(0, 10), endDate: "2999-12-31" },
      "endDate",
      "ABSENCE",
    ],
    [
      "a last working day",
      zUpdateEmployee,
      { lastWorkingDayDate: "2999-12-31" },
      "lastWorkingDayDate",
      "LAST_WORKING_DAY",
    ],
    [
      "a trial period's end",
      zUpdateEmployee,
      { jobTrialPeriodEndDate: "1900-01-01" },
      "jobTrialPeriodEndDate",
      "TRIAL_PERIOD_END",
    ],
    [
      "the calculator's commitment",
      zCalculatorRequest,
      {
        year: 2026,
        contractDate: "1900-01-01",
        bikePrice: 2000,
        leaseTimeMonths: 36,
        monthlyGrossSalary: 3000,
      },
      "contractDate",
      "COMMITMENT",
    ],
    [
      "a store's delivery",
      zStoreDeliveryInput,
      { frameSerialNumber: "WTU123", deliveryDate: "2999-12-31" },
      "deliveryDate",
      "DELIVERY",
    ],
    [
      "a redemption's last working day",
      zOpenBikeRedemption,
      {
        orderId: "0b6f3f8e-8f0f-4b9a-9d7e-2f1d7f0c1a11",
        reason: "EMPLOYEE_RESIGNED",
        lastWorkingDay: "1900-01-01",
      },
      "lastWorkingDay",
      "LAST_WORKING_DAY",
    ],
    ["a lease's end", zUpdateBikeRedemption, { leaseEndsOn: "2999-12-31" }, "leaseEndsOn", "LEASE"],
    [
      "a lease's signing",
      zCreateSignedDocument,
      { leasingAgreementId: "0b6f3f8e-8f0f-4b9a-9d7e-2f1d7f0c1a11", leasingSignDate: "1900-01-01" },
      "leasingSignDate",
      "LEASE",
    ],
  ] as const;

  it.each(cases)(
    "refuses %s out of its span, naming the field, the rule and the span",
    (_, schema, body, path, kind) => {
      const span = plausibleDateSpan(kind);
      expect(firstIssue(schema, body)).toEqual({
        path,
        message: `Must be a date from ${span.from} to ${span.to}`,
        params: { rule: PLAUSIBLE_DATE_RULE, ...span },
      });
    },
  );

  it("still takes the open-ended last working day 01.01.2999 a client sends back as it got it", () => {
    expect(zUpdateEmployee.safeParse({ lastWorkingDayDate: "2999-01-01" }).success).toBe(true);
    expect(zUpdateEmployee.safeParse({ lastWorkingDayDate: null }).success).toBe(true);
  });
});

describe("a business ID's message names its true cause", () => {
  it("without its hyphen: the format, not the check digit", () => {
    expect(firstIssue(zBusinessId, "29800052")).toMatchObject({
      message: BUSINESS_ID_MESSAGES.FORMAT,
      params: { rule: "FORMAT" },
    });
  });

  it("with a wrong last digit: the check digit", () => {
    expect(firstIssue(zBusinessId, "2980005-3")).toMatchObject({
      message: BUSINESS_ID_MESSAGES.CHECK_DIGIT,
      params: { rule: "CHECK_DIGIT" },
    });
  });

  it("takes a valid one", () => {
    expect(zBusinessId.safeParse(" 2980005-2 ").success).toBe(true);
  });
});
