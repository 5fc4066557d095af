import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useSession } from "../../lib/session.ts";

/** The address parameter that names the company an employer page shows (a shared link keeps it). */
export const COMPANY_PARAM = "yritys";

export type EmployerCompany = { id: string; name: string; groupCompanyId: string | null };

/**
 * Where the company last chosen is remembered for the browser tab's session, so that a group admin who
 * chose Demo Oy on one page finds it chosen on the next one they open from the menu.
 */
const REMEMBERED_KEY = "pedaali.employerCompany";

function remembered(): string | null {
  try {
    return sessionStorage.getItem(REMEMBERED_KEY);
  } catch {
    return null;
  }
}

function remember(companyId: string): void {
  try {
    sessionStorage.setItem(REMEMBERED_KEY, companyId);
  } catch {
    // Storage refused (private mode): the address alone keeps the choice.
  }
}

/**
 * The companies the employer-side user acts for (where they hold a role; a group admin the whole group,
 * docs/architecture.md) and the one a single-company page (company settings, reporting) shows: the address
 * names it (`?yritys=<id>`), else the one last chosen in this tab, else the first by name. A group
 * admin switches between the group's companies with `select`, which keeps the rest of the address.
 */
export function useSelectedCompany(): {
  companies: EmployerCompany[];
  company: EmployerCompany | null;
  select: (companyId: string) => void;
} {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const companies = user?.companies ?? [];
  const wanted = params.get(COMPANY_PARAM);
  const company =
    companies.find((c) => c.id === wanted) ??
    companies.find((c) => c.id === remembered()) ??
    companies[0] ??
    null;
  // A shared link's company becomes the one remembered, as if chosen.
  const named = companies.some((c) => c.id === wanted) ? wanted : null;
  useEffect(() => {
    if (named) remember(named);
  }, [named]);
  function select(companyId: string) {
    remember(companyId);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(COMPANY_PARAM, companyId);
        return next;
      },
      { replace: true },
    );
  }
  return { companies, company, select };
}
