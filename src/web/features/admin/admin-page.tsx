import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { contactFormsApi } from "../../../contract/contact-forms.ts";
import { buildPath } from "../../../domain/routes.ts";
// Through the one chunk of lazy pages, not the frame's module itself: a second chunk that shares the
// shell's libraries would split the entry chunk (see app/lazy-pages.ts).
import { AdminFrame } from "../../app/lazy-pages.ts";
import type { FirstData } from "../../app/route-guard.tsx";
import { endpointQuery, readFirstData } from "../../lib/endpoint-client.ts";
import { mustSetUpSecondFactor, SESSION_QUERY_KEY, type SessionUser, useSession } from "../../lib/session.ts";
import { type AdminTab, useAdminNav } from "./admin-nav.ts";
import { AdminTabs } from "./admin-tabs.tsx";
import { AdminViewSlot, lazyAdminView } from "./admin-views-lazy.tsx";
import { ContactFormsBadge } from "./contact-forms-tab.tsx";
import { HelpdeskTab } from "./orders/helpdesk-tab.tsx";
import { queueFilterOf } from "./orders/order-queue.tsx";
import { orderQueueFirstQueries } from "./orders/orders-api.ts";
import { HelpdeskSearch } from "./search/helpdesk-search.tsx";

/**
 * /admin itself, the helpdesk's order queue with its filters from the address, and the contact forms'
 * count in the tabs, read before the area is shown (app/route-guard.tsx FirstData). Not for a user who
 * must first set up their authenticator: the server answers them nothing else meanwhile.
 */
export const adminFirstData: FirstData = (_routeId, params, pathname, queryClient) => {
  const user = queryClient.getQueryData<SessionUser | null>(SESSION_QUERY_KEY);
  return /\/admin\/?$/.test(pathname) && user && !mustSetUpSecondFactor(user)
    ? readFirstData(queryClient, [
        ...orderQueueFirstQueries(queueFilterOf(params)),
        endpointQuery(contactFormsApi.uncheckedCount, {}),
      ])
    : undefined;
};

const CompaniesTab = lazyAdminView("CompaniesTab");
const UsersTab = lazyAdminView("UsersTab");
const ReportingTab = lazyAdminView("ReportingTab");
const FinanceTab = lazyAdminView("FinanceTab");
const BikeStoresTab = lazyAdminView("BikeStoresTab");
const PayoutsTab = lazyAdminView("PayoutsTab");
const AddCompanyTab = lazyAdminView("AddCompanyTab");
const ContactFormsTab = lazyAdminView("ContactFormsTab");

const PANELS: Record<AdminTab, () => ReactNode> = {
  companies: () => <CompaniesTab />,
  users: () => <UsersTab />,
  reporting: () => <ReportingTab />,
  applications: () => <HelpdeskTab />,
  finance: () => <FinanceTab />,
  bikeStores: () => <BikeStoresTab />,
  payouts: () => <PayoutsTab />,
  addCompany: () => <AddCompanyTab />,
  contactForms: () => <ContactFormsTab />,
};

/**
 * The admin area (docs/product.md "Screens" admin tabs, in the spec's order; Hakemukset is the default). Each tab has a
 * path of its own under /admin (admin-nav.ts), so the back button and a bookmark return to it. The
 * header is hidden on admin paths (docs/product.md "Screens"), so the full-width AdminFrame gives the heading, the theme
 * toggle and the way to log out. Only the open tab is mounted, so each asks the API when opened. The
 * module is a lazy chunk of its own, apart from everything an anonymous visitor downloads.
 */
export function AdminPage() {
  const { tab, go } = useAdminNav();
  const { user } = useSession();
  const { pathname } = useLocation();
  // The platform requires an authenticator app and theirs is not in use: the server answers nothing
  // else meanwhile (403 SECOND_FACTOR_REQUIRED), so the page sends them where they set it up.
  if (user && mustSetUpSecondFactor(user)) {
    // /admin or /en/admin: the same language's page.
    return (
      <Navigate to={`${pathname.slice(0, pathname.indexOf("/admin"))}${buildPath("ownDetails")}`} replace />
    );
  }
  return (
    <AdminFrame toolbar={<HelpdeskSearch />}>
      <AdminTabs tab={tab} contactFormsBadge={<ContactFormsBadge />} onChange={go}>
        <AdminViewSlot>{PANELS[tab]()}</AdminViewSlot>
      </AdminTabs>
    </AdminFrame>
  );
}
