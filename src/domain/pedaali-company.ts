/**
 * Pedaali Oy's own company details (the contact details of docs/product.md "Who uses it"):
 * the footer and the public pages show them, and our e-invoices name Pedaali as their seller with them.
 * Kept in one place so a deployment changes them once; the bank account is PEDAALI_BANK_ACCOUNT's.
 */
export const PEDAALI_COMPANY = {
  name: "Pedaali Oy",
  businessId: "3401234-1",
  vatId: "FI34012341",
  /** Our own e-invoice address (OVT code) and our operator's ID. */
  eInvoiceAddress: "003734012341",
  eInvoiceOperator: "003723327487",
  streetAddress: "Pyöräilijänkatu 1",
  postalCode: "02100",
  town: "Espoo",
  countryCode: "FI",
} as const;
