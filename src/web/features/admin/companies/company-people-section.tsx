import { Anchor, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TSystemUserItem } from "../../../../contract/system-users.ts";
import { DataTable, pageQueryProps } from "../../../components/data-table.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { filtersFromAddress, useFilterParams, zPageOnly } from "../../../lib/filter-params.ts";
import { PAGE_SIZE, useCompanyPeople } from "../../companies/index.ts";
import { useAdminNav } from "../admin-nav.ts";
import { roleLabel } from "../users/badges.tsx";

/** The keys of the company page's people list in the address (the page shows other lists too). */
const KEYS = { prefix: "people" };

/** The company's people (a role in it, or it is their home company), 20 a page, each linking to their page. */
export function CompanyPeopleSection({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const { pathOf } = useAdminNav();
  const { params, update } = useFilterParams(KEYS);
  const { page } = filtersFromAddress(zPageOnly, params, KEYS).values;
  const people = useCompanyPeople(companyId, page);
  return (
    <SectionCard title={t("adminCompanies.people.title")} headingOrder={3}>
      <DataTable<TSystemUserItem>
        label={t("adminCompanies.people.title")}
        idAccessor="userId"
        {...pageQueryProps(people)}
        empty={{ text: t("adminCompanies.people.empty") }}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => update({ page: String(next) })}
        maxHeight="50vh"
        columns={[
          {
            accessor: "lastName",
            title: t("adminCompanies.people.name"),
            render: (r) => (
              <Anchor component={Link} to={pathOf("users", r.userId)} size="sm" fw={600}>
                {`${r.firstName} ${r.lastName}`}
              </Anchor>
            ),
          },
          { accessor: "workEmail", title: t("adminCompanies.people.email") },
          {
            accessor: "roles",
            title: t("adminCompanies.people.roles"),
            render: (r) => r.roles.map((name) => roleLabel(t, name)).join(", ") || "–",
          },
          {
            accessor: "deactivated",
            title: t("adminCompanies.people.status"),
            render: (r) => (
              <Text size="sm" component="span" c={r.deactivated ? "dimmed" : undefined}>
                {r.deactivated ? t("adminCompanies.people.deactivated") : t("adminCompanies.people.active")}
              </Text>
            ),
          },
        ]}
      />
    </SectionCard>
  );
}
