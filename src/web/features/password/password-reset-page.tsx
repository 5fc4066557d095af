import { Alert, Button, Stack, Text, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { type PASSWORD_LINK_PROBLEMS, passwordApi, zPasswordResetBody } from "../../../contract/password.ts";
import { isAcceptablePassword } from "../../../domain/password-rules.ts";
import { buildPath } from "../../../domain/routes.ts";
import { AppLink } from "../../components/app-link.tsx";
import { AuthShell } from "../../components/auth-shell.tsx";
import { InvalidLinkNotice } from "../../components/invalid-link-notice.tsx";
import { PageLoader } from "../../components/page-loader.tsx";
import { PasswordInput } from "../../components/password-input.tsx";
import { PasswordRules } from "../../components/password-rules.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { useContractForm } from "../../lib/contract-form.ts";
import { callEndpoint, useEndpointQuery } from "../../lib/endpoint-client.ts";
import { fieldRules } from "../../lib/field-rules.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { usePageTitle } from "../../lib/page-title.ts";

type TPasswordLinkProblem = (typeof PASSWORD_LINK_PROBLEMS)[number];

/**
 * A link that does not work. GET /api/password-reset/{token} answers `valid: false` for an unknown,
 * used or expired token and 400 VALIDATION_ERROR for a malformed one (a link copied only in part);
 * POST answers 400 INVALID_TOKEN when the link died while the form was open.
 */
function isDeadLink(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 404);
}

/**
 * What the page of a dead link shows: why it does not work (expired, used, or not known at all) and a
 * button that mails a new link to the address of the account the link was for, so nobody has to type
 * the address; the answer is the same whether or not a mail went out.
 */
function DeadLink({ token, problem }: { token: string; problem: TPasswordLinkProblem | null }) {
  const { t } = useTranslation();
  const renew = useMutation({
    mutationFn: () => callEndpoint(passwordApi.renew, { params: { token } }),
    meta: { silent: true },
  });
  const what =
    problem === "EXPIRED"
      ? t("passwordReset.expiredText")
      : problem === "USED"
        ? t("passwordReset.usedText")
        : t("passwordReset.invalidText");
  // A link we do not know has no account to mail: only the recovery form, where the address is typed.
  const canRenew = problem === "EXPIRED" || problem === "USED";
  if (renew.isSuccess) {
    return (
      <Alert color="pedaali" variant="light" title={t("passwordReset.sentTitle")} role="status">
        {t("passwordReset.sentText")}
      </Alert>
    );
  }
  return (
    <>
      <InvalidLinkNotice
        title={t("passwordReset.invalidTitle")}
        what={what}
        next={canRenew ? t("passwordReset.sendNewNext") : t("passwordReset.invalidNext")}
        actions={
          <>
            {canRenew ? (
              <Button onClick={() => renew.mutate()} loading={renew.isPending}>
                {t("passwordReset.sendNew")}
              </Button>
            ) : (
              <Button component={AppLink} to={buildPath("passwordRecovery")}>
                {t("passwordReset.requestNew")}
              </Button>
            )}
            <Button component={AppLink} to={buildPath("login")} variant="default">
              {t("forms.backToLogin")}
            </Button>
          </>
        }
      />
      {renew.isError && (
        <Alert color="red" variant="light" title={t("forms.errorTitle")}>
          {formErrorMessage(renew.error, t)}
        </Alert>
      )}
    </>
  );
}

/**
 * /reset/{token}: sets a new password with the link from a reset mail — or the first password of an
 * account that had none (docs/product.md "Errors" NO_PASSWORD_SET mails the same kind of link). The rules of
 * src/domain/password-rules.ts show as the user types.
 */
export function PasswordResetPage() {
  const { t } = useTranslation();
  usePageTitle(t("routes.passwordReset.title"));
  const { token = "" } = useParams();
  const rulesId = useId();
  const status = useEndpointQuery(
    passwordApi.tokenStatus,
    { params: { token } },
    { meta: { silent: true }, retry: false, staleTime: Number.POSITIVE_INFINITY },
  );
  const email = status.data?.email ?? null;
  const form = useContractForm({
    initialValues: { password: "", confirm: "" },
    schema: zPasswordResetBody,
    // The password rules (docs/product.md "Field rules") and the second typing are the page's: the body is the password alone.
    rules: {
      password: fieldRules(t).password((v) =>
        isAcceptablePassword(v, { email }) ? null : t("passwordReset.rulesNotMet"),
      ),
      confirm: (v, values) => (v === values.password ? null : t("forms.passwordsDiffer")),
    },
  });
  const save = useMutation({
    mutationFn: (password: string) =>
      callEndpoint(passwordApi.reset, { params: { token }, body: { password } }),
    meta: { silent: true },
    // A field the contract refused is said at that field, as the form's own check says it.
    onError: (error) => form.setServerErrors(error),
  });

  let body: React.ReactNode;
  if (status.isPending) body = <PageLoader />;
  else if (
    (status.isError && isDeadLink(status.error)) ||
    status.data?.valid === false ||
    (save.error instanceof ApiError && save.error.code === "INVALID_TOKEN")
  ) {
    body = <DeadLink token={token} problem={status.data?.problem ?? null} />;
  } else if (status.isError) {
    body = (
      <Alert color="red" variant="light" title={t("forms.errorTitle")}>
        {formErrorMessage(status.error, t)}
      </Alert>
    );
  } else if (save.isSuccess) {
    body = (
      <>
        <Alert color="pedaali" variant="light" title={t("passwordReset.doneTitle")} role="status">
          {t("passwordReset.doneText")}
        </Alert>
        <Button component={AppLink} to={buildPath("login")} fullWidth>
          {t("passwordReset.toLogin")}
        </Button>
      </>
    );
  } else {
    const password = form.getValues().password;
    body = (
      <form onSubmit={form.onSubmit((v) => save.mutate(v.password))} noValidate>
        <Stack gap="md">
          {email && <Text>{t("passwordReset.forAccount", { email })}</Text>}
          {/* The account name lets password managers file the new password under the right login. */}
          <input type="email" name="username" autoComplete="username" value={email ?? ""} hidden readOnly />
          <PasswordInput
            label={t("forms.newPassword")}
            autoComplete="new-password"
            required
            aria-describedby={rulesId}
            {...form.getInputProps("password")}
          />
          <PasswordRules id={rulesId} password={password} email={email} />
          <PasswordInput
            label={t("forms.confirmPassword")}
            autoComplete="new-password"
            required
            {...form.getInputProps("confirm")}
          />
          {save.isError && (
            <Alert color="red" variant="light" title={t("forms.errorTitle")}>
              {formErrorMessage(save.error, t)}
            </Alert>
          )}
          <Button type="submit" loading={save.isPending} fullWidth>
            {t("passwordReset.submit")}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <AuthShell>
      <Stack gap="md">
        <Title order={1}>{t("routes.passwordReset.title")}</Title>
        {body}
      </Stack>
    </AuthShell>
  );
}
