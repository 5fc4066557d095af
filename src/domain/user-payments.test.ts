import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PAYMENT_METHODS, PAYMENT_MODES } from "./enums.ts";
import {
  addDays,
  isOpenUserPayment,
  ownSharePaymentTerms,
  paymentMethodAllowed,
  payrollPeriodOfPayment,
  userPaymentMethodAllowed,
} from "./user-payments.ts";

const day = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe("paymentMethodAllowed", () => {
  it("lets the employee choose PAYROLL or BATCH alone as the company's mode says, ALL both", () => {
    expect(paymentMethodAllowed("PAYROLL", "PAYROLL")).toBe(true);
    expect(paymentMethodAllowed("PAYROLL", "BATCH")).toBe(false);
    expect(paymentMethodAllowed("BATCH", "BATCH")).toBe(true);
    expect(paymentMethodAllowed("BATCH", "PAYROLL")).toBe(false);
    for (const method of PAYMENT_METHODS) expect(paymentMethodAllowed("ALL", method)).toBe(true);
  });

  it("allows the helpdesk at least what it allows the employee", () => {
    for (const mode of PAYMENT_MODES)
      for (const method of PAYMENT_METHODS)
        if (paymentMethodAllowed(mode, method)) expect(userPaymentMethodAllowed(mode, method)).toBe(true);
  });
});

describe("userPaymentMethodAllowed", () => {
  it("deducts from pay only where the company's payroll takes part; invoices always", () => {
    expect(userPaymentMethodAllowed("PAYROLL", "PAYROLL")).toBe(true);
    expect(userPaymentMethodAllowed("ALL", "PAYROLL")).toBe(true);
    expect(userPaymentMethodAllowed("BATCH", "PAYROLL")).toBe(false);
    for (const mode of PAYMENT_MODES) expect(userPaymentMethodAllowed(mode, "BATCH")).toBe(true);
  });
});

describe("addDays", () => {
  it("crosses months, years and leap days", () => {
    expect(addDays("2026-01-25", 14)).toBe("2026-02-08");
    expect(addDays("2026-12-20", 14)).toBe("2027-01-03");
    expect(addDays("2028-02-20", 14)).toBe("2028-03-05");
    expect(addDays("2027-02-20", 14)).toBe("2027-03-06");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("refuses what is not a date", () => {
    expect(() => addDays("1.3.2026", 1)).toThrow(RangeError);
  });

  it("goes back where it came from", () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: -400, max: 400 }),
        (date, n) => addDays(addDays(date, n), -n) === date,
      ),
    );
  });
});

describe("ownSharePaymentTerms", () => {
  it("deducts from the next month's pay where the company uses payroll", () => {
    expect(ownSharePaymentTerms("PAYROLL", "2026-03-15")).toEqual({
      paymentMethod: "PAYROLL",
      dueDate: "2026-04-01",
    });
    expect(ownSharePaymentTerms("PAYROLL", "2026-12-31")).toEqual({
      paymentMethod: "PAYROLL",
      dueDate: "2027-01-01",
    });
  });

  it("invoices in 14 days otherwise (BATCH, and ALL)", () => {
    expect(ownSharePaymentTerms("BATCH", "2026-03-15")).toEqual({
      paymentMethod: "BATCH",
      dueDate: "2026-03-29",
    });
    expect(ownSharePaymentTerms("ALL", "2026-12-25")).toEqual({
      paymentMethod: "BATCH",
      dueDate: "2027-01-08",
    });
  });

  it("is always due after the acceptance, in a payroll month the company allows", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PAYMENT_MODES), day, (mode, acceptedOn) => {
        const terms = ownSharePaymentTerms(mode, acceptedOn);
        expect(terms.dueDate > acceptedOn).toBe(true);
        expect(userPaymentMethodAllowed(mode, terms.paymentMethod)).toBe(true);
        if (terms.paymentMethod === "PAYROLL") {
          expect(terms.dueDate.endsWith("-01")).toBe(true);
          expect(payrollPeriodOfPayment(terms.dueDate) > payrollPeriodOfPayment(acceptedOn)).toBe(true);
        }
      }),
    );
  });
});

describe("a payment's state", () => {
  it("counts a payment open until it is paid or cancelled", () => {
    expect(isOpenUserPayment({ paymentStatus: "PENDING", isUserPaymentDone: false })).toBe(true);
    expect(isOpenUserPayment({ paymentStatus: "PAID", isUserPaymentDone: true })).toBe(false);
    expect(isOpenUserPayment({ paymentStatus: "CANCELLED", isUserPaymentDone: false })).toBe(false);
  });
});
