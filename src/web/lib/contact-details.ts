/**
 * The operator's contact details of docs/product.md "Who uses it" with the values of docs/product.md "Who uses it" (shown in the footer and,
 * later, on the deactivated page). Written out rather than read from PEDAALI_COMPANY (the details our
 * e-invoices carry), because the footer is in the home page's first script, whose every byte counts;
 * contact-details.test.ts holds the two the same.
 */
export const CONTACT_DETAILS = {
  company: "Pedaali Oy",
  email: "info@pedaali.fi",
  phone: "+358 9 4242 0000",
  openingHours: "9–17",
  businessId: "3401234-1",
  taxId: "FI34012341",
  eInvoiceAddress: "003734012341",
  operatorId: "003723327487",
  streetAddress: "Pyöräilijänkatu 1",
  postalAddress: "02100 Espoo",
} as const;

/** `tel:` links want the number without spaces. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\s+/g, "")}`;
}

/** The footer's social links (docs/product.md "Who uses it"). */
export const SOCIAL_LINKS = [
  { name: "Facebook", href: "https://www.facebook.com/pedaali" },
  { name: "Instagram", href: "https://www.instagram.com/pedaali" },
  { name: "LinkedIn", href: "https://www.linkedin.com/company/pedaali" },
] as const;
