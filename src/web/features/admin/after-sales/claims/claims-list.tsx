import { NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import {
  INSURANCE_CLAIMS_PAGE_SIZE,
  type TInsuranceClaimListItem,
  zInsuranceClaimsQuery,
} from "../../../../../contract/insurance-claims.ts";
import { INSURANCE_CLAIM_TYPES, SIMPLE_STATES } from "../../../../../domain/enums.ts";
import { onFirstUse } from "../../../../../domain/first-use.ts";
import { AppLink } from "../../../../components/app-link.tsx";
import { DataTable, pageQueryProps } from "../../../../components/data-table.tsx";
import { ToneBadge } from "../../../../components/status-badge.tsx";
import { textLimitOf } from "../../../../lib/contract-form.ts";
import { useFilterParams, useSearchText } from "../../../../lib/filter-params.ts";
import { formatDate } from "../../../../lib/formatters.ts";
import { useAdminNav } from "../../admin-nav.ts";
import { AFTER_SALES_SEGMENTS } from "../../orders/helpdesk-paths.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import { OUTCOME_LABELS, STATUS_LABELS, STATUS_TONES, TYPE_LABELS } from "./claim-labels.ts";
import { claimFilterOf, useClaims } from "./claims-api.ts";

/** The longest search the list's query takes. */
const searchMax = onFirstUse(() => textLimitOf(zInsuranceClaimsQuery, "searchTerm"));

type FilterKey = "searchTerm" | "status" | "type";

/**
 * The helpdesk's insurance claims (Hakemukset → Vakuutusvahingot): the filters of docs/api-surface.md (search by the
 * employee, order number or police report number; status; type) in the address, 10 a page from the
 * server, newest first. A row opens the claim.
 */
export function ClaimsList() {
  const { t } = useTranslation();
  const display = useDisplay();
  const { pathOf, go } = useAdminNav();
  const { params, setParams, update } = useFilterParams<FilterKey>();
  const filter = claimFilterOf(params);
  const list = useClaims(filter);
  const search = useSearchText(filter.searchTerm, (value) => update({ searchTerm: value }), searchMax());
  const headingId = useId();
  const claimPath = (id: string) => pathOf("applications", AFTER_SALES_SEGMENTS.claims, id);
  const filtered = filter.searchTerm !== "" || filter.status !== null || filter.type !== null;

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <div>
        <Title order={2} size="h3" id={headingId}>
          {t("adminClaims.title")}
        </Title>
        <Text size="sm" c="dimmed" mt={4} maw="var(--pd-measure)">
          {t("adminClaims.intro")}
        </Text>
      </div>
      <SimpleGrid
        cols={{ base: 1, sm: 3 }}
        spacing="md"
        role="search"
        aria-label={t("adminClaims.filters.label")}
      >
        <TextInput
          label={t("adminClaims.filters.search")}
          placeholder={t("adminClaims.filters.searchPlaceholder")}
          type="search"
          {...search.input}
        />
        <NativeSelect
          label={t("adminClaims.filters.status")}
          value={filter.status ?? ""}
          onChange={(event) => update({ status: event.currentTarget.value })}
          data={[
            { value: "", label: t("adminClaims.filters.all") },
            ...SIMPLE_STATES.map((status) => ({ value: status, label: t(STATUS_LABELS[status]) })),
          ]}
        />
        <NativeSelect
          label={t("adminClaims.filters.type")}
          value={filter.type ?? ""}
          onChange={(event) => update({ type: event.currentTarget.value })}
          data={[
            { value: "", label: t("adminClaims.filters.all") },
            ...INSURANCE_CLAIM_TYPES.map((type) => ({ value: type, label: t(TYPE_LABELS[type]) })),
          ]}
        />
      </SimpleGrid>
      <DataTable<TInsuranceClaimListItem>
        label={t("adminClaims.title")}
        idAccessor="insuranceId"
        {...pageQueryProps(list)}
        empty={{ text: t("adminClaims.empty") }}
        filtered={{
          active: filtered,
          text: t("adminClaims.emptyFiltered"),
          clearLabel: t("adminClaims.filters.clear"),
          onClear: () => {
            search.clear();
            setParams({}, { replace: true });
          },
        }}
        page={filter.page}
        pageSize={INSURANCE_CLAIMS_PAGE_SIZE}
        onPageChange={(page) => update({ page: String(page) })}
        onRowClick={({ record }) => go("applications", AFTER_SALES_SEGMENTS.claims, record.insuranceId)}
        columns={[
          {
            accessor: "type",
            title: t("adminClaims.columns.claim"),
            render: (claim) => (
              <div>
                {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the link navigates itself. */}
                <span onClick={(event) => event.stopPropagation()}>
                  <AppLink to={claimPath(claim.insuranceId)}>{t(TYPE_LABELS[claim.type])}</AppLink>
                </span>
                {claim.order && (
                  <Text size="xs" c="dimmed">
                    {t("adminClaims.order", { number: claim.order.orderNumber })}
                  </Text>
                )}
              </div>
            ),
          },
          {
            accessor: "employee",
            title: t("adminClaims.columns.employee"),
            render: (claim) => (
              <div>
                <Text size="sm">{claim.employee.name}</Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {claim.employee.email} · {claim.company.name}
                </Text>
              </div>
            ),
          },
          {
            accessor: "status",
            title: t("adminClaims.columns.status"),
            render: (claim) => (
              <Stack gap={4} align="flex-start">
                <ToneBadge tone={STATUS_TONES[claim.status]}>{t(STATUS_LABELS[claim.status])}</ToneBadge>
                {claim.outcome && (
                  <Text size="xs" c="dimmed">
                    {t(OUTCOME_LABELS[claim.outcome])}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: "incidentDate",
            title: t("adminClaims.columns.incident"),
            render: (claim) => (
              <div>
                <span style={{ whiteSpace: "nowrap" }}>{display.date(claim.incidentDate) || "–"}</span>
                {claim.reportedLate && (
                  <Text size="xs" c="dimmed">
                    {t("adminClaims.late")}
                  </Text>
                )}
              </div>
            ),
          },
          {
            accessor: "policeReportNumber",
            title: t("adminClaims.columns.police"),
            render: (claim) => claim.policeReportNumber ?? "–",
          },
          {
            accessor: "createdAt",
            title: t("adminClaims.columns.reported"),
            render: (claim) => formatDate(claim.createdAt),
          },
        ]}
      />
    </Stack>
  );
}
