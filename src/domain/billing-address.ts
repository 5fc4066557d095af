/**
 * Where Pedaali's monthly lease invoice reaches a company: its e-invoice address (the address and the
 * operator both, as a Finvoice needs them), else its billing e-mail, else nowhere, which the helpdesk
 * sees on the company list and page. Asked for at sign-up and kept in the company's settings.
 */

export type BillingAddressFields = {
  billingEmail: string | null;
  eInvoiceAddress: string | null;
  eInvoiceOperator: string | null;
};

export type LeaseInvoiceChannel = "E_INVOICE" | "EMAIL";

const given = (value: string | null) => value !== null && value.trim() !== "";

/** How the company's lease invoice goes: an e-invoice first, since the company asked for them. */
export function leaseInvoiceChannel(company: BillingAddressFields): LeaseInvoiceChannel | null {
  if (given(company.eInvoiceAddress) && given(company.eInvoiceOperator)) return "E_INVOICE";
  if (given(company.billingEmail)) return "EMAIL";
  return null;
}

/** Whether the company has somewhere its lease invoice can go. */
export const hasBillingAddress = (company: BillingAddressFields) => leaseInvoiceChannel(company) !== null;
