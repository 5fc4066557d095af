import { PEDAALI_COMPANY } from "../../domain/pedaali-company.ts";

/**
 * The operator's contact details of SPEC §1 with the values of DESIGN.md §1 (shown in the footer and,
 * later, on the deactivated page). The company's own details are PEDAALI_COMPANY's, the same our
 * e-invoices carry.
 */
export const CONTACT_DETAILS = {
  company: PEDAALI_COMPANY.name,
  email: "info@pedaali.fi",
  phone: "+358 9 4242 0000",
  openingHours: "9–17",
  businessId: PEDAALI_COMPANY.businessId,
  taxId: PEDAALI_COMPANY.vatId,
  eInvoiceAddress: PEDAALI_COMPANY.eInvoiceAddress,
  operatorId: PEDAALI_COMPANY.eInvoiceOperator,
  streetAddress: PEDAALI_COMPANY.streetAddress,
  postalAddress: `${PEDAALI_COMPANY.postalCode} ${PEDAALI_COMPANY.town}`,
} as const;

/** `tel:` links want the number without spaces. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\s+/g, "")}`;
}

/** The footer's social links (SPEC §1). */
export const SOCIAL_LINKS = [
  { name: "Facebook", href: "https://www.facebook.com/pedaali" },
  { name: "Instagram", href: "https://www.instagram.com/pedaali" },
  { name: "LinkedIn", href: "https://www.linkedin.com/company/pedaali" },
] as const;
