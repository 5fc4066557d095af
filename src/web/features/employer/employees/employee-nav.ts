import { useSearchParams } from "react-router";
import { COMPANY_PARAM } from "../selected-company.ts";

/**
 * Where /tyonantaja keeps its state in the address, so a reload, the back button and a bookmark keep
 * it: the open tab (`?valilehti=lisaa|hyvaksy|hallinnoi|tilaukset|pyorat`, none = hyväksy, docs/product.md "Screens") and the employee
 * open in the manage tab (`&tyontekija=<id>`), and the order open in the orders tab's drawer
 * (`&tilaus=<id>`, the link of the approvers' mail: server/modules/notifications/notify-approvers.ts).
 */
export const TAB_PARAM = "valilehti";
const EMPLOYEE_PARAM = "tyontekija";
export const ORDER_PARAM = "tilaus";

export const TABS = {
  add: "lisaa",
  accept: "hyvaksy",
  manage: "hallinnoi",
  orders: "tilaukset",
  bikes: "pyorat",
} as const;
export type Tab = keyof typeof TABS;
export const TAB_ORDER: readonly Tab[] = ["add", "accept", "manage", "orders", "bikes"];

export function tabOf(params: URLSearchParams): Tab {
  const value = params.get(TAB_PARAM);
  return TAB_ORDER.find((tab) => TABS[tab] === value) ?? "accept";
}

/** The address of a tab: only the tab (and the company a single-company part shows) stay. */
export function tabSearch(tab: Tab, current?: URLSearchParams): string {
  const next = new URLSearchParams();
  if (tab !== "accept") next.set(TAB_PARAM, TABS[tab]);
  const company = current?.get(COMPANY_PARAM);
  if (company) next.set(COMPANY_PARAM, company);
  const text = next.toString();
  return text ? `?${text}` : "";
}

/** The employee open in the manage tab, and opening and closing it (each a step of the history). */
export function useOpenEmployee(): {
  employeeId: string | null;
  hrefOf: (id: string) => string;
  open: (id: string) => void;
  close: () => void;
} {
  const [params, setParams] = useSearchParams();
  const employeeId = params.get(EMPLOYEE_PARAM);
  const withEmployee = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set(EMPLOYEE_PARAM, id);
    else next.delete(EMPLOYEE_PARAM);
    return next;
  };
  return {
    employeeId,
    hrefOf: (id) => `?${withEmployee(id)}`,
    open: (id) => setParams(withEmployee(id)),
    close: () => setParams(withEmployee(null)),
  };
}
