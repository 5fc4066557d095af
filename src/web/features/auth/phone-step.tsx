import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { normalizePhoneNumber } from "../../../domain/validation/phone.ts";
import { PhoneNumberInput } from "../../components/phone-number-input.tsx";
import { SecondStep } from "./login-parts.tsx";
import type { LoginFlow, StepScreen } from "./use-login-flow.ts";

/** The phone step: the account has no number for the code, so the user gives one and logs in again with it. */
export function PhoneStep({
  screen,
  form,
  logIn,
  back,
}: {
  screen: StepScreen;
  form: LoginFlow["phone"];
  logIn: LoginFlow["logIn"];
  back: LoginFlow["back"];
}) {
  const { t } = useTranslation();
  return (
    <SecondStep
      screen={screen}
      onSubmit={form.onSubmit((v) => void logIn(normalizePhoneNumber(v.phoneNumber)))}
      title={t("login.phoneTitle")}
      intro={<Text>{t("login.phoneIntro")}</Text>}
      submit={t("login.sendCode")}
      back={back}
    >
      <PhoneNumberInput {...form.getInputProps("phoneNumber")} />
    </SecondStep>
  );
}
