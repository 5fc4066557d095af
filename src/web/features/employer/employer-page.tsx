import type { ComponentType } from "react";
import { useRouteId } from "../../components/placeholder-page.tsx";
import { EmployeesPage } from "./employees/employees-page.tsx";
import { ReportingPage } from "./reporting/reporting-page.tsx";
import { CompanySettingsPage } from "./settings/company-settings-page.tsx";

// Loads the shared pages chunk, and Mantine's component styles with it, before the page draws, as /mybike
// and the helpdesk do (app/lazy-pages.ts).
export { PlaceholderPage as SharedPagesChunk } from "../../app/lazy-pages.ts";
export { employerFirstData } from "./employees/employees-api.ts";

const PAGES = {
  employer: EmployeesPage,
  companySettings: CompanySettingsPage,
  reporting: ReportingPage,
} satisfies Record<string, ComponentType>;

/**
 * The employer side (docs/product.md "Screens"): /tyonantaja (employees: tabs add, accept, manage), /yritys-asetukset
 * (company settings) and /raportointi (reporting). Like the admin area it is a lazy chunk of its own,
 * never part of the anonymous download; the three routes share it and pick their page by route id.
 */
export function EmployerPage() {
  const routeId = useRouteId();
  const Page = routeId && routeId in PAGES ? PAGES[routeId as keyof typeof PAGES] : null;
  return Page ? <Page /> : null;
}
