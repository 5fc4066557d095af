import { useLocation, useNavigate, useParams } from "react-router";

/**
 * The admin area's tabs (docs/product.md "Screens", in its order, then Pyöräliikkeet and Tilitykset: the bike stores with
 * their users, and paying them) and their paths: each tab has a path under /admin, so a tab, a company
 * or a user can be linked, bookmarked and reached with the back button. /admin itself is
 * the default tab, Hakemukset. Below a tab the rest of the path is the tab's own (a company's page is
 * /admin/yritykset/{companyId}).
 */
export const ADMIN_TABS = [
  "companies",
  "users",
  "reporting",
  "applications",
  "finance",
  "bikeStores",
  "payouts",
  "addCompany",
  "contactForms",
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

const DEFAULT_ADMIN_TAB: AdminTab = "applications";

const SEGMENTS: Record<AdminTab, string> = {
  companies: "yritykset",
  users: "kayttajat",
  reporting: "raportointi",
  applications: "hakemukset",
  finance: "rahoitusyhtiot",
  bikeStores: "pyoraliikkeet",
  payouts: "tilitykset",
  addCompany: "lisaa-yritys",
  contactForms: "yhteydenotot",
};

/** The tab and the rest of the path of the part after /admin/ ("yritykset/123" → companies, ["123"]). */
export function parseAdminPath(splat: string): { tab: AdminTab; rest: string[] } {
  const [first = "", ...rest] = splat.split("/").filter(Boolean);
  const tab = ADMIN_TABS.find((candidate) => SEGMENTS[candidate] === first);
  return tab ? { tab, rest } : { tab: DEFAULT_ADMIN_TAB, rest: [] };
}

/** The path of a tab (and what lies below it) under `base`, the /admin of the current language. */
export function adminPath(base: string, tab: AdminTab, ...rest: string[]): string {
  return [base, SEGMENTS[tab], ...rest.map(encodeURIComponent)].join("/");
}

/** Where the reader is in the admin area, and how to go elsewhere in it. */
export function useAdminNav() {
  const splat = useParams()["*"] ?? "";
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // /admin or /en/admin: everything before the splat.
  const base = pathname.slice(0, pathname.indexOf("/admin") + "/admin".length);
  const { tab, rest } = parseAdminPath(splat);
  const pathOf = (to: AdminTab, ...below: string[]) => adminPath(base, to, ...below);
  return {
    tab,
    /** The path below the tab's own segment. */
    rest,
    pathOf,
    go: (to: AdminTab, ...below: string[]) => navigate(pathOf(to, ...below)),
  };
}
