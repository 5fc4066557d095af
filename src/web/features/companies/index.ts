// What other features may use of this one: a feature imports another only through its index.
export { BikePolicySection } from "./bike-policy-section.tsx";
export {
  PAGE_SIZE,
  refreshCompanies,
  useAddRecipients,
  useCompany,
  useCompanyPeople,
  useCompanyVat,
  useUpdateCompanySettings,
} from "./companies-api.ts";
export { companyErrorText, isConflict } from "./company-messages.ts";
export { isGroupAdminOf } from "./group-admin.ts";
export { LeaseInvoicesSection } from "./lease-invoices-section.tsx";
export { MaxPriceWarning } from "./max-price-warning.tsx";
export {
  GroupPayrollRecipientsSection,
  PayrollRecipientsEditor,
  PayrollRecipientsSection,
} from "./payroll-recipients-section.tsx";
export { RegistrationLinkCard } from "./registration-link-card.tsx";
export { UnitsSection } from "./units-section.tsx";
