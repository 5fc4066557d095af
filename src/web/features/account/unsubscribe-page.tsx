import { Alert, Button, Loader, Stack, Text, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import {
  notificationPreferencesApi as api,
  UNSUBSCRIBE_TOKEN_PATTERN,
} from "../../../contract/notification-preferences.ts";
import type { NotificationKind } from "../../../domain/notification-kinds.ts";
import { buildPath } from "../../../domain/routes.ts";
import { AppLink } from "../../components/app-link.tsx";
import { AuthShell } from "../../components/auth-shell.tsx";
import { callEndpoint, useEndpointQuery } from "../../lib/endpoint-client.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { KIND_TEXT_KEYS } from "./notification-kind-texts.ts";

/**
 * /ilmoitusten-lopettaminen/{token}: the unsubscribe line of a mail's footer. It shows which kind of
 * notification stops being mailed and turns it off only by its button (a POST): a mail scanner that
 * opens the link changes nothing. Public, as a mail is read anywhere; the signed token is the proof.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  usePageTitle(t("routes.unsubscribe.title"));
  const { token = "" } = useParams();
  const wellFormed = UNSUBSCRIBE_TOKEN_PATTERN.test(token);
  const target = useEndpointQuery(
    api.unsubscribeTarget,
    { params: { token } },
    { enabled: wellFormed, retry: false, meta: { silent: true } },
  );
  const confirm = useMutation({
    mutationFn: () => callEndpoint(api.unsubscribe, { params: { token } }),
    meta: { silent: true },
  });
  const kindName = (kind: NotificationKind) => t(KIND_TEXT_KEYS[kind].name);
  const toOwnDetails = (
    <Button component={AppLink} to={buildPath("ownDetails")} variant="light" fullWidth>
      {t("routes.ownDetails.title")}
    </Button>
  );

  let body: React.ReactNode;
  if (!wellFormed || target.isError) {
    body = (
      <>
        <Alert color="red" variant="light" title={t("unsubscribe.invalidTitle")}>
          {t("unsubscribe.invalidText")}
        </Alert>
        {toOwnDetails}
      </>
    );
  } else if (!target.data) {
    body = <Loader aria-label={t("unsubscribe.loading")} />;
  } else if (confirm.isSuccess) {
    body = (
      <>
        <Alert color="pedaali" variant="light" title={t("unsubscribe.doneTitle")} role="status">
          {t("unsubscribe.doneText", { kind: kindName(confirm.data.kind) })}
        </Alert>
        {toOwnDetails}
      </>
    );
  } else {
    body = (
      <>
        <Text>{t("unsubscribe.intro", { kind: kindName(target.data.kind) })}</Text>
        {target.data.choice === "INBOX_ONLY" && <Text size="sm">{t("unsubscribe.already")}</Text>}
        {confirm.isError && (
          <Alert color="red" variant="light" title={t("forms.errorTitle")}>
            {formErrorMessage(confirm.error, t)}
          </Alert>
        )}
        <Button onClick={() => confirm.mutate()} loading={confirm.isPending} fullWidth>
          {t("unsubscribe.submit")}
        </Button>
      </>
    );
  }

  return (
    <AuthShell>
      <Stack gap="md">
        <Title order={1}>{t("routes.unsubscribe.title")}</Title>
        {body}
      </Stack>
    </AuthShell>
  );
}
