import { Button, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TJoiningStatus } from "../../../../contract/employee-import.ts";
import { ListTable } from "../../../components/list-table.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { ToneBadge } from "../../../components/status-badge.tsx";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { showErrorToast } from "../../../lib/error-toasts.ts";
import { formatDate } from "../../../lib/formatters.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import { useInviteEmployees, useJoiningStatus } from "./joining-api.ts";
import { NameAndEmail } from "./name-and-email.tsx";

type Waiting = TJoiningStatus["waiting"][number];

/**
 * The company's employees who have not logged in yet (after a staff file, typically): how many have
 * joined, who was invited and who not, and the invitations to send — all not yet invited at once, or
 * one person again. Each mail carries a personal link to the person's ready account; one reminder
 * follows in 7 days. Nothing shows while everyone has logged in.
 */
export function JoiningSection({ company }: { company: { id: string; name: string } }) {
  const { t } = useTranslation();
  const status = useJoiningStatus(company.id);
  const invite = useInviteEmployees(company.id);
  const data = status.data;
  if (!data || data.waiting.length === 0) return null;
  const send = (body: { all: true } | { employeeIds: string[] }) =>
    mutateThen(invite, body, {
      onSuccess: (answer) => showSuccessToast(t("employerEmployees.joining.sent", { count: answer.invited })),
      onError: (error) => showErrorToast(error),
    });
  const columns = [
    {
      accessor: "email",
      title: t("employerEmployees.joining.person"),
      render: (r: Waiting) => <NameAndEmail name={r.name} email={r.email} />,
    },
    {
      accessor: "invitedAt",
      title: t("employerEmployees.joining.status"),
      render: (r: Waiting) =>
        r.invitedAt ? (
          <ToneBadge tone="info">
            {r.remindedAt
              ? t("employerEmployees.joining.reminded", { date: formatDate(r.remindedAt) })
              : t("employerEmployees.joining.invitedOn", { date: formatDate(r.invitedAt) })}
          </ToneBadge>
        ) : (
          <ToneBadge tone="neutral">{t("employerEmployees.joining.notInvited")}</ToneBadge>
        ),
    },
    {
      accessor: "actions",
      title: t("employerEmployees.columns.actions"),
      render: (r: Waiting) => (
        <Button
          size="xs"
          variant="outline"
          loading={invite.isPending && "employeeIds" in (invite.variables ?? {})}
          aria-label={t("employerEmployees.joining.inviteNamed", { name: r.name })}
          onClick={() => send({ employeeIds: [r.employeeId] })}
        >
          {r.invitedAt ? t("employerEmployees.joining.inviteAgain") : t("employerEmployees.joining.invite")}
        </Button>
      ),
    },
  ];
  return (
    <SectionCard
      title={t("employerEmployees.joining.title")}
      description={t("employerEmployees.joining.description", { company: company.name })}
    >
      <Stack gap="md">
        <Text size="sm">
          {t("employerEmployees.joining.summary", {
            joined: data.joined,
            invited: data.invited,
            notInvited: data.notInvited,
          })}
        </Text>
        {data.notInvited > 0 && (
          <Group>
            <Button
              loading={invite.isPending && "all" in (invite.variables ?? {})}
              onClick={() => send({ all: true })}
            >
              {t("employerEmployees.joining.inviteAll", { count: data.notInvited })}
            </Button>
          </Group>
        )}
        <ListTable<Waiting>
          label={t("employerEmployees.joining.tableLabel")}
          columns={columns}
          rows={data.waiting}
          rowKey={(r) => r.employeeId}
        />
      </Stack>
    </SectionCard>
  );
}
