import { Button, Code, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TTwoFactorRequired } from "../../../contract/auth.ts";
import classes from "./login-page.module.css";
import { SecondStep } from "./login-parts.tsx";
import type { LoginFlow, StepScreen } from "./use-login-flow.ts";

/**
 * The code step: for staff with an authenticator app its code or one of their recovery codes (or a
 * passkey, where they have one), for the others the 6-digit code sent by SMS.
 */
export function CodeStep({
  screen,
  challenge,
  form,
  verify,
  verifyWithPasskey,
  resend,
  back,
}: {
  screen: StepScreen;
  challenge: TTwoFactorRequired;
  form: LoginFlow["code"];
  verify: LoginFlow["verify"];
  verifyWithPasskey: LoginFlow["verifyWithPasskey"];
  resend: LoginFlow["resend"];
  back: LoginFlow["back"];
}) {
  const { t } = useTranslation();
  // What both kinds have alike: the frame with its submit, and the code's box.
  const frame = {
    screen,
    onSubmit: form.onSubmit((v) => void verify(challenge, v.code)),
    submit: t("login.verify"),
    back,
  };
  const codeBox = { required: true, classNames: { input: classes.codeInput }, ...form.getInputProps("code") };

  // Each kind is a screen of its own (its own key), so a code of the other kind starts anew.
  if (challenge.method === "AUTHENTICATOR") {
    return (
      <SecondStep
        key="app"
        {...frame}
        title={t("login.appCodeTitle")}
        intro={<Text>{t("login.appCodeIntro")}</Text>}
      >
        {challenge.passkeyOptions && (
          <Button variant="light" onClick={() => void verifyWithPasskey(challenge)} disabled={screen.busy}>
            {t("login.usePasskey")}
          </Button>
        )}
        <TextInput
          label={t("login.appCode")}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          {...codeBox}
        />
      </SecondStep>
    );
  }
  return (
    <SecondStep
      key="sms"
      {...frame}
      title={t("login.codeTitle")}
      intro={
        <Text>
          {t("login.codeIntro", {
            phone: challenge.phoneNumberHint,
            minutes: Math.round(challenge.expiresInSeconds / 60),
          })}
        </Text>
      }
      // A new code by SMS; an app's code is not sent, so that step has no such button.
      resend={resend}
    >
      {challenge.devCode && (
        <section className={classes.devBox} aria-labelledby="dev-code-title">
          <Text fw={700} size="sm" id="dev-code-title">
            {t("login.devCodeTitle")}
          </Text>
          <Text size="sm">
            {t("login.devCodeText")}{" "}
            <Code data-testid="dev-code" fz="md" fw={700}>
              {challenge.devCode}
            </Code>
          </Text>
        </section>
      )}
      <TextInput label={t("login.code")} inputMode="numeric" autoComplete="one-time-code" {...codeBox} />
    </SecondStep>
  );
}
