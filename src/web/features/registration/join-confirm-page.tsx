import { Alert, Button, Stack, Text, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { joinRulesApi } from "../../../contract/join-rules.ts";
import { buildPath } from "../../../domain/routes.ts";
import { AppLink } from "../../components/app-link.tsx";
import { AuthShell } from "../../components/auth-shell.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { callEndpoint } from "../../lib/endpoint-client.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { usePageTitle } from "../../lib/page-title.ts";

const OUTCOME_TEXTS = {
  JOINED: { title: "joinConfirm.JOINED.title", text: "joinConfirm.JOINED.text" },
  WAITS: { title: "joinConfirm.WAITS.title", text: "joinConfirm.WAITS.text" },
} as const;

/**
 * /vahvista-liittyminen/{token}: the link mailed to a joiner whose work e-mail is in the company's
 * domains. Confirming it accepts them into the company's bike benefit when the company takes such
 * joiners. A button confirms rather than the page's load, so a mail scanner that opens links changes
 * nothing. Public: the single-use token is the proof.
 */
export function JoinConfirmPage() {
  const { t } = useTranslation();
  usePageTitle(t("routes.joinConfirm.title"));
  const { token = "" } = useParams();
  const confirm = useMutation({
    mutationFn: () => callEndpoint(joinRulesApi.confirm, { body: { token } }),
    meta: { silent: true },
  });
  const outcome = confirm.data?.outcome;
  const companyName = confirm.data?.companyName ?? "";
  const toLogin = (
    <Button component={AppLink} to={buildPath("login")} fullWidth>
      {t("joinConfirm.toLogin")}
    </Button>
  );

  let body: React.ReactNode;
  if (outcome === "JOINED" || outcome === "WAITS") {
    body = (
      <>
        <Alert color="pedaali" variant="light" title={t(OUTCOME_TEXTS[outcome].title)} role="status">
          {t(OUTCOME_TEXTS[outcome].text, { companyName })}
        </Alert>
        {toLogin}
      </>
    );
  } else if (
    outcome === "INVALID" ||
    (confirm.error instanceof ApiError && confirm.error.code === "VALIDATION_ERROR")
  ) {
    body = (
      <>
        <Alert color="red" variant="light" title={t("joinConfirm.INVALID.title")}>
          {t("joinConfirm.INVALID.text")}
        </Alert>
        {toLogin}
      </>
    );
  } else {
    body = (
      <>
        <Text>{t("joinConfirm.intro")}</Text>
        {confirm.isError && (
          <Alert color="red" variant="light" title={t("forms.errorTitle")}>
            {formErrorMessage(confirm.error, t)}
          </Alert>
        )}
        <Button onClick={() => confirm.mutate()} loading={confirm.isPending} fullWidth>
          {t("joinConfirm.submit")}
        </Button>
      </>
    );
  }

  return (
    <AuthShell>
      <Stack gap="md">
        <Title order={1}>{t("routes.joinConfirm.title")}</Title>
        {body}
      </Stack>
    </AuthShell>
  );
}
