import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { passwordApi, zPasswordResetRequest } from "../../../contract/password.ts";
import { buildPath } from "../../../domain/routes.ts";
import { normalizeEmail } from "../../../domain/validation/email.ts";
import { AppLink } from "../../components/app-link.tsx";
import { AuthShell } from "../../components/auth-shell.tsx";
import { currentLanguage } from "../../i18n/i18n.ts";
import { useContractForm } from "../../lib/contract-form.ts";
import { callEndpoint } from "../../lib/endpoint-client.ts";
import { fieldRules } from "../../lib/field-rules.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { usePageTitle } from "../../lib/page-title.ts";

/**
 * /salasanan-palauttaminen and /palauta-salasana: asks for a link to set a new password. The answer is
 * the same whether or not the e-mail has an account (docs/architecture.md), and so is this page's.
 */
export function PasswordRecoveryPage() {
  const { t } = useTranslation();
  usePageTitle(t("routes.passwordRecovery.title"));
  const form = useContractForm({
    initialValues: { email: "" },
    schema: zPasswordResetRequest,
    // The shared e-mail rule (docs/product.md "Field rules"): the contract takes any text, so that the answer never tells.
    rules: { email: fieldRules(t).email },
  });
  const request = useMutation({
    mutationFn: (email: string) =>
      callEndpoint(passwordApi.requestReset, { body: { email, language: currentLanguage() } }),
    meta: { silent: true },
    // A field the contract refused is said at that field, as the form's own check says it.
    onError: (error) => form.setServerErrors(error),
  });

  return (
    <AuthShell>
      <Stack gap="md">
        <Title order={1}>{t("routes.passwordRecovery.title")}</Title>
        {request.isSuccess ? (
          <>
            <Alert color="pedaali" variant="light" title={t("passwordRecovery.sentTitle")} role="status">
              {t("passwordRecovery.sentText", { email: request.variables })}
            </Alert>
            <Text size="sm">{t("passwordRecovery.checkSpam")}</Text>
            <Button variant="default" onClick={() => request.reset()}>
              {t("passwordRecovery.again")}
            </Button>
          </>
        ) : (
          <form onSubmit={form.onSubmit((v) => request.mutate(normalizeEmail(v.email)))} noValidate>
            <Stack gap="md">
              <Text>{t("passwordRecovery.intro")}</Text>
              <TextInput
                label={t("forms.email")}
                type="email"
                autoComplete="email"
                required
                {...form.getInputProps("email")}
              />
              {request.isError && (
                <Alert color="red" variant="light" title={t("forms.errorTitle")}>
                  {formErrorMessage(request.error, t)}
                </Alert>
              )}
              <Button type="submit" loading={request.isPending} fullWidth>
                {t("passwordRecovery.submit")}
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component={AppLink} to={buildPath("login")} size="sm">
          {t("forms.backToLogin")}
        </Anchor>
      </Stack>
    </AuthShell>
  );
}
