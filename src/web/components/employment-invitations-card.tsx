import { Button, Group, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import {
  employmentInvitationsApi as api,
  type TOwnInvitation,
} from "../../contract/employment-invitations.ts";
import { callEndpoint, useEndpointQuery } from "../lib/endpoint-client.ts";
import { showErrorToast } from "../lib/error-toasts.ts";
import { formatDate } from "../lib/formatters.ts";
import { SILENT } from "../lib/query-client.ts";
import { showSuccessToast } from "../lib/toast.ts";
import { refreshEmploymentInvitations } from "./employment-invitations-api.ts";
import { SectionCard } from "./section-card.tsx";

/**
 * A company's invitations to the signed-in person (they already have an account, so the company may
 * not add them without their word): each with the company's name and day, accepted or declined here.
 * Nothing shows while there are none, or when they cannot be read (the page around it goes on).
 */
export function EmploymentInvitationsCard() {
  const invitations = useEndpointQuery(api.ownInvitations, {}, { meta: SILENT, retry: false });
  const items = invitations.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Stack gap="lg">
      {items.map((invitation) => (
        <InvitationCard key={invitation.invitationId} invitation={invitation} />
      ))}
    </Stack>
  );
}

function InvitationCard({ invitation }: { invitation: TOwnInvitation }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const company = invitation.companyName;
  const accept = useMutation({
    mutationFn: () => callEndpoint(api.accept, { params: { id: invitation.invitationId } }),
    meta: SILENT,
    onSuccess: () => {
      showSuccessToast(t("employmentInvitations.accepted", { company }));
      void refreshEmploymentInvitations(queryClient, "accepted");
    },
    onError: (error) => showErrorToast(error),
  });
  const decline = useMutation({
    mutationFn: () => callEndpoint(api.decline, { params: { id: invitation.invitationId } }),
    meta: SILENT,
    onSuccess: () => {
      showSuccessToast(t("employmentInvitations.declined"));
      void refreshEmploymentInvitations(queryClient, "declined");
    },
    onError: (error) => showErrorToast(error),
  });
  const busy = accept.isPending || decline.isPending;
  return (
    <SectionCard
      title={t("employmentInvitations.title")}
      description={t("employmentInvitations.description")}
    >
      <Stack gap="sm">
        <Text fw={600}>{company}</Text>
        <Text size="sm" c="dimmed">
          <time dateTime={invitation.invitedAt}>
            {t("employmentInvitations.invitedAt", { date: formatDate(invitation.invitedAt) })}
          </time>
        </Text>
        <Group gap="sm">
          <Button
            onClick={() => accept.mutate()}
            loading={accept.isPending}
            disabled={busy && !accept.isPending}
            aria-label={t("employmentInvitations.acceptNamed", { company })}
          >
            {t("employmentInvitations.accept")}
          </Button>
          <Button
            variant="outline"
            color="red"
            onClick={() => decline.mutate()}
            loading={decline.isPending}
            disabled={busy && !decline.isPending}
            aria-label={t("employmentInvitations.declineNamed", { company })}
          >
            {t("employmentInvitations.decline")}
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}
