import { describe, expect, it } from "vitest";
import { PEDAALI_COMPANY } from "../../domain/pedaali-company.ts";
import { CONTACT_DETAILS } from "./contact-details.ts";

describe("the footer's company details", () => {
  it("are the ones our e-invoices carry", () => {
    expect(CONTACT_DETAILS).toMatchObject({
      company: PEDAALI_COMPANY.name,
      businessId: PEDAALI_COMPANY.businessId,
      taxId: PEDAALI_COMPANY.vatId,
      eInvoiceAddress: PEDAALI_COMPANY.eInvoiceAddress,
      operatorId: PEDAALI_COMPANY.eInvoiceOperator,
      streetAddress: PEDAALI_COMPANY.streetAddress,
      postalAddress: `${PEDAALI_COMPANY.postalCode} ${PEDAALI_COMPANY.town}`,
    });
  });
});
