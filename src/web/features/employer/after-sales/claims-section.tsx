import { Stack, Text } from "@mantine/core";
import { keepPreviousData } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import {
  INSURANCE_CLAIMS_PAGE_SIZE,
  insuranceClaimPageError,
  insuranceClaimsApi,
  type TInsuranceClaimListItem,
} from "../../../../contract/insurance-claims.ts";
import type { InsuranceClaimOutcome, InsuranceClaimType, SimpleState } from "../../../../domain/enums.ts";
import type { StatusTone } from "../../../../domain/status-tones.ts";
import { DataTable, pageQueryProps } from "../../../components/data-table.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { ToneBadge } from "../../../components/status-badge.tsx";
import { callEndpoint, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { filtersFromAddress, useFilterParams, zPageOnly } from "../../../lib/filter-params.ts";
import { formatCalendarDate, formatDate } from "../../../lib/formatters.ts";
import { SILENT } from "../../../lib/query-client.ts";

/** The label keys, spelled out so that the catalogue check sees every key in use. */
const TYPE_LABELS: Record<InsuranceClaimType, string> = {
  THEFT: "employerClaims.types.THEFT",
  DAMAGE: "employerClaims.types.DAMAGE",
};
const STATUS_LABELS: Record<SimpleState, string> = {
  PENDING: "employerClaims.statuses.PENDING",
  COMPLETED: "employerClaims.statuses.COMPLETED",
  CANCELLED: "employerClaims.statuses.CANCELLED",
};
const STATUS_TONES: Record<SimpleState, StatusTone> = {
  PENDING: "warning",
  COMPLETED: "success",
  CANCELLED: "neutral",
};
const OUTCOME_LABELS: Record<InsuranceClaimOutcome, string> = {
  REPAIR: "employerClaims.outcomes.REPAIR",
  NEW_BIKE: "employerClaims.outcomes.NEW_BIKE",
  END_OF_LEASING: "employerClaims.outcomes.END_OF_LEASING",
};

/** A YYYY-MM-DD date as DD.MM.YYYY. */
const day = (date: string | null) => (date ? formatCalendarDate(date) : "–");

/** The keys of the claims list in the address (the page shows the other after-sales lists too). */
const KEYS = { prefix: "claims" };

/**
 * The insurance claims of the companies' employees, read only: GET
 * /api/insurance-claims, scoped by the server to the caller's companies, newest first, 10 a page. The
 * helpdesk handles them; the employer sees whose bike was stolen or damaged and how the claim ended
 * (an ended lease ends its salary deduction).
 */
export function EmployerClaimsSection() {
  const { t } = useTranslation();
  const { params, update } = useFilterParams(KEYS);
  const { page } = filtersFromAddress(zPageOnly, params, KEYS).values;
  const query = { page, limit: INSURANCE_CLAIMS_PAGE_SIZE };
  const list = useEndpointQuery(
    insuranceClaimsApi.list,
    { query },
    {
      // docs/product.md "Field rules": an answer of another shape fails with 'Invalid response format'.
      call: (definition, input, options) =>
        callEndpoint(definition, input, options).catch((error: unknown) => {
          throw insuranceClaimPageError(error);
        }),
      placeholderData: keepPreviousData,
      // The table shows its own error with a retry.
      meta: SILENT,
    },
  );
  return (
    <SectionCard title={t("employerClaims.title")} description={t("employerClaims.description")}>
      <DataTable<TInsuranceClaimListItem>
        label={t("employerClaims.title")}
        idAccessor="insuranceId"
        {...pageQueryProps(list)}
        empty={{ text: t("employerClaims.empty") }}
        page={page}
        pageSize={INSURANCE_CLAIMS_PAGE_SIZE}
        onPageChange={(next) => update({ page: String(next) })}
        columns={[
          {
            accessor: "employee",
            title: t("employerClaims.columns.employee"),
            render: (claim) => (
              <div>
                <Text size="sm">{claim.employee.name}</Text>
                <Text size="xs" c="dimmed">
                  {claim.company.name}
                </Text>
              </div>
            ),
          },
          {
            accessor: "type",
            title: t("employerClaims.columns.claim"),
            render: (claim) => (
              <div>
                <Text size="sm">{t(TYPE_LABELS[claim.type])}</Text>
                {claim.order && (
                  <Text size="xs" c="dimmed">
                    {t("employerClaims.order", { number: claim.order.orderNumber })}
                  </Text>
                )}
              </div>
            ),
          },
          {
            accessor: "status",
            title: t("employerClaims.columns.status"),
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
            title: t("employerClaims.columns.incident"),
            render: (claim) => day(claim.incidentDate),
          },
          {
            accessor: "createdAt",
            title: t("employerClaims.columns.reported"),
            render: (claim) => formatDate(claim.createdAt),
          },
        ]}
      />
    </SectionCard>
  );
}
