import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TCompanyInvitation } from "../../../../contract/employment-invitations.ts";
import { isWithdrawable } from "../../../../domain/employment-invitations.ts";
import type { StatusTone } from "../../../../domain/status-tones.ts";
import { DataTable, type DataTableColumn, pageQueryProps } from "../../../components/data-table.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { ToneBadge } from "../../../components/status-badge.tsx";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { showErrorToast } from "../../../lib/error-toasts.ts";
import { filtersFromAddress, useFilterParams, zPageOnly } from "../../../lib/filter-params.ts";
import { formatDateTime } from "../../../lib/formatters.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import { INVITATIONS_PAGE_SIZE, useCompanyInvitations, useWithdrawInvitation } from "./employees-api.ts";
import { NameAndEmail } from "./name-and-email.tsx";

const STATUS_LABELS: Record<TCompanyInvitation["status"], string> = {
  PENDING: "employerEmployees.invitations.statuses.PENDING",
  ACCEPTED: "employerEmployees.invitations.statuses.ACCEPTED",
  DECLINED: "employerEmployees.invitations.statuses.DECLINED",
  WITHDRAWN: "employerEmployees.invitations.statuses.WITHDRAWN",
};
const SOURCE_LABELS: Record<TCompanyInvitation["source"], string> = {
  employer: "employerEmployees.invitations.source.employer",
  scim: "employerEmployees.invitations.source.scim",
  import: "employerEmployees.invitations.source.import",
};
const TONES: Record<TCompanyInvitation["status"], StatusTone> = {
  PENDING: "info",
  ACCEPTED: "success",
  DECLINED: "danger",
  WITHDRAWN: "neutral",
};

/** The keys of the invitations list in the address (the page shows the employees' other sections too). */
const KEYS = { prefix: "invitations" };

/**
 * The company's invitations of people who already have a Pedaali account elsewhere: they join only
 * when they accept. Shown as the company gave them (the address as typed, its names), with who or
 * what invited them; a waiting or declined one can be withdrawn. Nothing shows while there are none.
 */
export function InvitationsSection({ company }: { company: { id: string; name: string } }) {
  const { t } = useTranslation();
  const { params, update } = useFilterParams(KEYS);
  const { page } = filtersFromAddress(zPageOnly, params, KEYS).values;
  const list = useCompanyInvitations(company.id, page);
  const withdraw = useWithdrawInvitation();
  if (page === 1 && list.data && list.data.total === 0) return null;
  const name = (r: TCompanyInvitation) => `${r.firstName} ${r.lastName}`;
  const columns: DataTableColumn<TCompanyInvitation>[] = [
    {
      accessor: "email",
      title: t("employerEmployees.invitations.name"),
      render: (r) => <NameAndEmail name={name(r)} email={r.email} />,
    },
    {
      accessor: "status",
      title: t("employerEmployees.invitations.status"),
      render: (r) => <ToneBadge tone={TONES[r.status]}>{t(STATUS_LABELS[r.status])}</ToneBadge>,
    },
    {
      accessor: "invitedAt",
      title: t("employerEmployees.invitations.invitedAt"),
      render: (r) => (
        <time dateTime={r.invitedAt} style={{ whiteSpace: "nowrap" }}>
          {formatDateTime(r.invitedAt)}
        </time>
      ),
    },
    {
      accessor: "invitedBy",
      title: t("employerEmployees.invitations.invitedBy"),
      render: (r) => r.invitedBy ?? t(SOURCE_LABELS[r.source]),
    },
    {
      accessor: "actions",
      title: t("employerEmployees.columns.actions"),
      render: (r) =>
        isWithdrawable(r.status) ? (
          <Button
            size="xs"
            variant="outline"
            color="red"
            loading={withdraw.isPending && withdraw.variables === r.invitationId}
            aria-label={t("employerEmployees.invitations.withdrawNamed", { name: name(r) })}
            onClick={() =>
              mutateThen(withdraw, r.invitationId, {
                onSuccess: () => showSuccessToast(t("employerEmployees.invitations.withdrawn")),
                onError: (error) => showErrorToast(error),
              })
            }
          >
            {t("employerEmployees.invitations.withdraw")}
          </Button>
        ) : null,
    },
  ];
  return (
    <SectionCard
      title={t("employerEmployees.invitations.title")}
      description={t("employerEmployees.invitations.description", { company: company.name })}
    >
      <DataTable<TCompanyInvitation>
        label={t("employerEmployees.invitations.tableLabel")}
        idAccessor="invitationId"
        {...pageQueryProps(list)}
        empty={{ text: t("employerEmployees.invitations.empty") }}
        page={page}
        pageSize={INVITATIONS_PAGE_SIZE}
        onPageChange={(next) => update({ page: String(next) })}
        columns={columns}
      />
    </SectionCard>
  );
}
