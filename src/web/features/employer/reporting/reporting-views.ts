import { COMPANY_PARAM } from "../selected-company.ts";

/**
 * Where /raportointi keeps its state in the address, so a reload, the back button and a link keep it:
 * the open view (`?nakyma=yleiskuva|palkkaraportti`, none = yleiskuva) and the payroll report's month
 * (`&kausi=YYYY-MM`). A month without a view opens the payroll report: the monthly mail links to
 * `/raportointi?yritys=<companyId>&kausi=YYYY-MM`.
 */
const VIEW_PARAM = "nakyma";
export const PERIOD_PARAM = "kausi";

const VIEWS = { overview: "yleiskuva", payroll: "palkkaraportti" } as const;
export type View = keyof typeof VIEWS;
export const VIEW_ORDER: readonly View[] = ["overview", "payroll"];

export function viewOf(params: URLSearchParams): View {
  const value = params.get(VIEW_PARAM);
  const named = VIEW_ORDER.find((view) => VIEWS[view] === value);
  if (named) return named;
  return params.has(PERIOD_PARAM) ? "payroll" : "overview";
}

/**
 * The address of a view: the month stays, and the company is the one on screen. Built from the address
 * of the last render, which may not name it yet: a company just chosen shows at once (remembered for
 * the tab) while its address is still on the way, and a view opened in that moment kept the old one.
 */
export function viewSearch(view: View, current: URLSearchParams, companyId: string): string {
  const next = new URLSearchParams(current);
  next.set(VIEW_PARAM, VIEWS[view]);
  next.set(COMPANY_PARAM, companyId);
  return `?${next}`;
}
