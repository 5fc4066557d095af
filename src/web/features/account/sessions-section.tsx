import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ownSessionsApi as api, type TOwnSession } from "../../../contract/sessions.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { ListTable } from "../../components/list-table.tsx";
import { callEndpoint, useEndpointQuery } from "../../lib/endpoint-client.ts";
import { formatDateTime } from "../../lib/formatters.ts";
import { refreshAccount } from "./account-api.ts";
import { Feedback, Section } from "./own-details-parts.tsx";

/** What was last ended: said under the list once it is read again. */
type Ended = "one" | "others" | null;

/**
 * The person's own logins on /kayttaja (contract/sessions.ts): each device with its network and last
 * use, this one marked; any other logged out at once, or all the others together after a question. A
 * device the person does not know is how a stolen password shows itself: the mail of a new device
 * links here.
 */
export function Sessions() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const list = useEndpointQuery(api.sessions, {});
  const [ended, setEnded] = useState<Ended>(null);
  const [confirming, setConfirming] = useState(false);
  const endOne = useMutation({
    mutationFn: (session: TOwnSession) => callEndpoint(api.endSession, { params: { id: session.id } }),
    meta: { silent: true },
    onMutate: () => setEnded(null),
    onSuccess: () => {
      setEnded("one");
      void refreshAccount(queryClient, "sessions");
    },
  });
  const endOthers = useMutation({
    mutationFn: () => callEndpoint(api.endOtherSessions, {}),
    meta: { silent: true },
    onMutate: () => setEnded(null),
    onSuccess: () => {
      setConfirming(false);
      setEnded("others");
      void refreshAccount(queryClient, "sessions");
    },
  });
  const sessions = list.data?.items ?? [];
  const others = sessions.filter((session) => !session.current);
  const deviceOf = (session: TOwnSession) => session.device ?? t("ownDetails.sessionUnknownDevice");

  return (
    <Section
      titleId={`${id}-title`}
      title={t("ownDetails.sessionsTitle")}
      intro={t("ownDetails.sessionsIntro")}
    >
      <Stack gap="md">
        <Feedback error={list.error ?? endOne.error ?? endOthers.error} saved={false} />
        {list.data && (
          <ListTable
            label={t("ownDetails.sessionsLabel")}
            rows={sessions}
            rowKey={(session) => session.id}
            columns={[
              {
                accessor: "device",
                title: t("ownDetails.sessionDevice"),
                render: (session) => (
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={500}>
                      {deviceOf(session)}
                    </Text>
                    {session.current && (
                      <Badge variant="light" color="pedaali">
                        {t("ownDetails.sessionThisDevice")}
                      </Badge>
                    )}
                  </Group>
                ),
              },
              {
                accessor: "place",
                title: t("ownDetails.sessionPlace"),
                render: (session) => session.place ?? t("ownDetails.sessionUnknownPlace"),
              },
              {
                accessor: "lastUsedAt",
                title: t("ownDetails.sessionLastUsed"),
                noWrap: true,
                render: (session) => formatDateTime(session.lastUsedAt),
              },
              {
                accessor: "actions",
                title: "",
                textAlign: "right",
                render: (session) =>
                  session.current ? null : (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      loading={endOne.isPending && endOne.variables?.id === session.id}
                      aria-label={t("ownDetails.sessionEndNamed", { device: deviceOf(session) })}
                      onClick={() => endOne.mutate(session)}
                    >
                      {t("ownDetails.sessionEnd")}
                    </Button>
                  ),
              },
            ]}
          />
        )}
        {list.data && others.length === 0 && <Text size="sm">{t("ownDetails.sessionsOnlyThis")}</Text>}
        {ended && (
          <Text size="sm" role="status">
            {ended === "one" ? t("ownDetails.sessionEnded") : t("ownDetails.sessionsEndedOthers")}
          </Text>
        )}
        {others.length > 0 && (
          <Group>
            <Button variant="default" color="red" onClick={() => setConfirming(true)}>
              {t("ownDetails.sessionsEndOthers")}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t("ownDetails.sessionsEndOthersTitle")}
        confirmLabel={t("ownDetails.sessionsEndOthers")}
        loading={endOthers.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => endOthers.mutate()}
      >
        {t("ownDetails.sessionsEndOthersText", { count: others.length })}
      </ConfirmDialog>
    </Section>
  );
}
