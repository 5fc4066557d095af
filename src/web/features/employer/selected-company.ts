import { useSearchParams } from "react-router";
import { useSession } from "../../lib/session.ts";

/** The address parameter that names the company an employer page shows (a shared link keeps it). */
export const COMPANY_PARAM = "yritys";

export type EmployerCompany = { id: string; name: string; groupCompanyId: string | null };

/**
 * The companies the employer-side user acts for (where they hold a role; a group admin the whole group,
 * DESIGN.md §5) and the one a single-company page (company settings, reporting) shows: the address
 * names it (`?yritys=<id>`), else the first by name. A group admin switches between the group's
 * companies with `select`, which keeps the rest of the address.
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
  const company = companies.find((c) => c.id === wanted) ?? companies[0] ?? null;
  function select(companyId: string) {
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
