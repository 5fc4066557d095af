import { Button, Group, Radio, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  notificationPreferencesApi as api,
  type TNotificationPreference,
} from "../../../contract/notification-preferences.ts";
import {
  NOTIFICATION_CHOICES,
  type NotificationChoice,
  type NotificationKind,
} from "../../../domain/notification-kinds.ts";
import { ApiError } from "../../lib/api-client.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../lib/endpoint-client.ts";
import { CHOICE_TEXT_KEYS, KIND_TEXT_KEYS } from "./notification-kind-texts.ts";
import { Feedback, Section } from "./own-details-parts.tsx";

type Choices = Partial<Record<NotificationKind, NotificationChoice>>;

/** The kind whose choice a 400 names (`body.preferences.<n>.choice`), among the kinds that were sent. */
function kindsInError(error: unknown, sent: readonly NotificationKind[]): NotificationKind[] {
  if (!(error instanceof ApiError)) return [];
  return error.details.flatMap((detail) => {
    const index = /preferences[./](\d+)/.exec(detail.field)?.[1];
    const kind = index === undefined ? undefined : sent[Number(index)];
    return kind ? [kind] : [];
  });
}

/**
 * How the person hears of each kind of notification that concerns their roles: only in the service,
 * by mail at once, or once a day in the digest. Essential kinds (signing, payments, security) are shown
 * locked to mail, with why. Saved together; a refused choice is named on its own kind.
 */
export function NotificationPreferences() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const query = useEndpointQuery(api.own, {});
  const [choices, setChoices] = useState<Choices>({});
  const [sent, setSent] = useState<NotificationKind[]>([]);
  useEffect(() => {
    if (!query.data) return;
    setChoices(Object.fromEntries(query.data.items.map((item) => [item.kind, item.choice])));
  }, [query.data]);
  const save = useMutation({
    mutationFn: (preferences: { kind: NotificationKind; choice: NotificationChoice }[]) =>
      callEndpoint(api.updateOwn, { body: { preferences } }),
    meta: { silent: true },
    onSuccess: (answer) => queryClient.setQueryData(endpointKey(api.own, {}), answer),
  });
  const items: TNotificationPreference[] = query.data?.items ?? [];
  const changeable = items.filter((item) => !item.essential);
  const refused = new Set(kindsInError(save.error, sent));
  const dirty = changeable.some((item) => (choices[item.kind] ?? item.choice) !== item.choice);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const preferences = changeable.map((item) => ({
      kind: item.kind,
      choice: choices[item.kind] ?? item.choice,
    }));
    if (preferences.length === 0) return;
    setSent(preferences.map((p) => p.kind));
    save.mutate(preferences);
  }

  return (
    <Section
      titleId={`${id}-title`}
      title={t("notificationPreferences.title")}
      intro={t("notificationPreferences.intro")}
    >
      {query.isError ? (
        <Feedback error={query.error} saved={false} />
      ) : (
        <form noValidate onSubmit={submit} aria-busy={query.isPending}>
          <Stack gap="lg">
            {items.map((item) => (
              <Radio.Group
                key={item.kind}
                name={`${id}-${item.kind}`}
                label={t(KIND_TEXT_KEYS[item.kind].name)}
                description={
                  item.essential
                    ? `${t(KIND_TEXT_KEYS[item.kind].hint)} ${t("notificationPreferences.essential")}`
                    : t(KIND_TEXT_KEYS[item.kind].hint)
                }
                value={item.essential ? "MAIL" : (choices[item.kind] ?? item.choice)}
                onChange={(value) => setChoices((current) => ({ ...current, [item.kind]: value }))}
                error={
                  refused.has(item.kind)
                    ? t("notificationPreferences.refused", {
                        kind: t(KIND_TEXT_KEYS[item.kind].name),
                      })
                    : undefined
                }
              >
                <Group gap="md" mt="xs">
                  {NOTIFICATION_CHOICES.map((choice) => (
                    <Radio
                      key={choice}
                      value={choice}
                      label={t(CHOICE_TEXT_KEYS[choice])}
                      disabled={item.essential && choice !== "MAIL"}
                    />
                  ))}
                </Group>
              </Radio.Group>
            ))}
            {!query.isPending && items.length === 0 && (
              <Text size="sm">{t("notificationPreferences.none")}</Text>
            )}
            <Feedback error={save.error} saved={save.isSuccess && !dirty} />
            {changeable.length > 0 && (
              <Group>
                <Button type="submit" loading={save.isPending} disabled={!dirty}>
                  {t("notificationPreferences.save")}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      )}
    </Section>
  );
}
