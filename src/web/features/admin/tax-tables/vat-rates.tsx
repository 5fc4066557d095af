import { useTranslation } from "react-i18next";
import { type TVatRate, vatApi } from "../../../../contract/vat.ts";
import { DataTable, pageQueryProps } from "../../../components/data-table.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { filtersFromAddress, useFilterParams, zPageOnly } from "../../../lib/filter-params.ts";
import { useDisplay } from "./display-format.ts";

const PAGE_SIZE = 20;

/** The keys of the VAT list in the address (the tax tables page shows the municipal rates too). */
const KEYS = { prefix: "vat" };

/** The VAT rates by country and validity (GET /api/vat, docs/api-surface.md "VAT"), newest first; read only. */
export function VatRates() {
  const { t } = useTranslation();
  const display = useDisplay();
  const { params, update } = useFilterParams(KEYS);
  const { page } = filtersFromAddress(zPageOnly, params, KEYS).values;
  const list = useEndpointQuery(vatApi.list, { query: { page, limit: PAGE_SIZE } });
  return (
    <SectionCard
      headingOrder={3}
      title={t("adminTaxTables.vat.title")}
      description={t("adminTaxTables.vat.description")}
    >
      <DataTable<TVatRate>
        label={t("adminTaxTables.vat.title")}
        idAccessor="id"
        {...pageQueryProps(list)}
        empty={{ text: t("adminTaxTables.vat.empty") }}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => update({ page: String(next) })}
        columns={[
          { accessor: "countryCode", title: t("adminTaxTables.vat.country") },
          {
            accessor: "value",
            title: t("adminTaxTables.vat.rate"),
            textAlign: "right",
            render: (r) => display.percent(r.value),
          },
          {
            accessor: "validFrom",
            title: t("adminTaxTables.vat.validFrom"),
            render: (r) => display.date(r.validFrom),
          },
          {
            accessor: "validTo",
            title: t("adminTaxTables.vat.validTo"),
            render: (r) => (r.validTo ? display.date(r.validTo) : t("adminTaxTables.vat.open")),
          },
          { accessor: "description", title: t("adminTaxTables.vat.descriptionColumn") },
        ]}
      />
    </SectionCard>
  );
}
