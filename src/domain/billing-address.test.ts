import { describe, expect, it } from "vitest";
import { hasBillingAddress, leaseInvoiceChannel } from "./billing-address.ts";

const NONE = { billingEmail: null, eInvoiceAddress: null, eInvoiceOperator: null };

describe("the company's billing address", () => {
  it("is the e-invoice address with its operator first, else the billing e-mail, else none", () => {
    expect(leaseInvoiceChannel(NONE)).toBeNull();
    expect(hasBillingAddress(NONE)).toBe(false);
    expect(leaseInvoiceChannel({ ...NONE, billingEmail: "laskut@yritys.fi" })).toBe("EMAIL");
    expect(
      leaseInvoiceChannel({
        billingEmail: "laskut@yritys.fi",
        eInvoiceAddress: "003712345678",
        eInvoiceOperator: "003723327487",
      }),
    ).toBe("E_INVOICE");
    // An address without its operator is no e-invoice address.
    expect(leaseInvoiceChannel({ ...NONE, eInvoiceAddress: "003712345678" })).toBeNull();
    expect(leaseInvoiceChannel({ ...NONE, billingEmail: "  " })).toBeNull();
  });
});
