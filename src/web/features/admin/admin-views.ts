/**
 * The admin area's views beyond its first screen's: every tab but Hakemukset, and Hakemukset's views
 * but the order queue and an order's page. Re-exported from ONE module so the build makes ONE chunk of
 * them (app/lazy-pages.ts says why one), which comes when the helpdesk first opens one of them
 * (admin-views-lazy.tsx): the area's first chunk is a third of what it was, and so is the work of
 * starting it on a phone.
 */

export { BrokerageView } from "./after-sales/brokerage/brokerage-view.tsx";
export { CancellationsView } from "./after-sales/cancellations/cancellations-view.tsx";
export { ClaimsView } from "./after-sales/claims/claims-view.tsx";
export { UserPaymentsView } from "./after-sales/payments/payments-view.tsx";
export { RedemptionsView } from "./after-sales/redemptions/redemptions-view.tsx";
export { ApplicationsTab } from "./applications/applications-tab.tsx";
export { BikeStoresTab } from "./bike-stores/bike-stores-tab.tsx";
export { AddCompanyTab } from "./companies/add-company-tab.tsx";
export { CompaniesTab } from "./companies/companies-tab.tsx";
export { ContactFormsTab } from "./contact-forms-tab.tsx";
export { FinanceTab } from "./finance/finance-tab.tsx";
export { PayoutsTab } from "./payouts/payouts-tab.tsx";
export { ReportingTab } from "./reporting/reporting-tab.tsx";
export { UsersTab } from "./users/users-tab.tsx";
