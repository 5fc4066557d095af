import { Alert, Button, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { systemUsersApi } from "../../../contract/system-users.ts";
import { buildPath } from "../../../domain/routes.ts";
import { AppLink } from "../../components/app-link.tsx";
import { AuthShell } from "../../components/auth-shell.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { callEndpoint } from "../../lib/endpoint-client.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { refreshSession, useSession } from "../../lib/session.ts";

/**
 * /vahvista-sahkoposti/{token}: the link mailed to a new login e-mail, confirming one's own change of it. The change
 * is made by a button rather than on load, so a mail scanner that opens links changes nothing. Public:
 * the link works in any browser, logged in or not; the single-use token is the proof.
 */
export function EmailChangeConfirmPage() {
  const { t } = useTranslation();
  usePageTitle(t("routes.emailChangeConfirm.title"));
  const { token = "" } = useParams();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => callEndpoint(systemUsersApi.confirmEmailChange, { body: { token } }),
    meta: { silent: true },
    // A logged-in user sees the new address in their details at once.
    onSuccess: () => (user ? refreshSession(queryClient) : undefined),
  });

  let body: React.ReactNode;
  if (confirm.isSuccess) {
    body = (
      <>
        <Alert color="pedaali" variant="light" title={t("emailChangeConfirm.doneTitle")} role="status">
          {t("emailChangeConfirm.doneText", { email: confirm.data.workEmail })}
        </Alert>
        <Button component={AppLink} to={buildPath(user ? "ownDetails" : "login")} fullWidth>
          {user ? t("routes.ownDetails.title") : t("emailChangeConfirm.toLogin")}
        </Button>
      </>
    );
  } else if (
    confirm.error instanceof ApiError &&
    (confirm.error.code === "INVALID_TOKEN" || confirm.error.code === "VALIDATION_ERROR")
  ) {
    body = (
      <Alert color="red" variant="light" title={t("emailChangeConfirm.invalidTitle")}>
        {t("emailChangeConfirm.invalidText")}
      </Alert>
    );
  } else {
    body = (
      <>
        <Text>{t("emailChangeConfirm.intro")}</Text>
        {confirm.isError && (
          <Alert color="red" variant="light" title={t("forms.errorTitle")}>
            {formErrorMessage(confirm.error, t)}
          </Alert>
        )}
        <Button onClick={() => confirm.mutate()} loading={confirm.isPending} fullWidth>
          {t("emailChangeConfirm.submit")}
        </Button>
      </>
    );
  }

  return (
    <AuthShell>
      <Stack gap="md">
        <Title order={1}>{t("routes.emailChangeConfirm.title")}</Title>
        {body}
      </Stack>
    </AuthShell>
  );
}
