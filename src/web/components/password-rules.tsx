import { Text, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblems } from "../../domain/password-rules.ts";
import { CheckIcon, CrossIcon, DotIcon } from "./icons.tsx";
import classes from "./password-rules.module.css";

type RuleState = "met" | "unmet" | "pending";

/**
 * The password rules of src/domain/password-rules.ts as a checklist that follows the typing: each rule
 * turns to met or unmet as soon as there is something to judge. The server refuses the same passwords.
 */
export function PasswordRules({
  id,
  password,
  email,
}: {
  id: string;
  password: string;
  email?: string | null;
}) {
  const { t } = useTranslation();
  const problems = new Set(passwordProblems(password, { email: email ?? null }));
  const typed = password.length > 0;
  const state = (failing: boolean): RuleState => (!typed ? "pending" : failing ? "unmet" : "met");
  const local = email?.split("@")[0] ?? "";
  const rules: { key: string; text: string; state: RuleState }[] = [
    {
      key: "length",
      text: t("passwordRules.minLength", { min: MIN_PASSWORD_LENGTH }),
      state: state(problems.has("tooShort")),
    },
    { key: "common", text: t("passwordRules.notCommon"), state: state(problems.has("common")) },
    { key: "repetitive", text: t("passwordRules.notRepetitive"), state: state(problems.has("repetitive")) },
  ];
  if (local.length >= 4) {
    rules.push({
      key: "email",
      text: t("passwordRules.notEmail"),
      state: state(problems.has("containsEmail")),
    });
  }
  if (problems.has("tooLong")) {
    rules.push({
      key: "tooLong",
      text: t("passwordRules.maxLength", { max: MAX_PASSWORD_LENGTH }),
      state: "unmet",
    });
  }
  const stateText: Record<RuleState, string> = {
    met: t("passwordRules.met"),
    unmet: t("passwordRules.unmet"),
    pending: "",
  };
  return (
    <div id={id}>
      <Text size="sm" fw={600} mb={4}>
        {t("passwordRules.heading")}
      </Text>
      <ul className={classes.list}>
        {rules.map((rule) => (
          <li key={rule.key} className={`${classes.item} ${classes[rule.state]}`} data-state={rule.state}>
            <span className={classes.icon} aria-hidden="true">
              {rule.state === "met" ? (
                <CheckIcon size={16} />
              ) : rule.state === "unmet" ? (
                <CrossIcon size={16} />
              ) : (
                <DotIcon size={16} />
              )}
            </span>
            <span>
              {rule.text}
              {rule.state !== "pending" && <VisuallyHidden>{` (${stateText[rule.state]})`}</VisuallyHidden>}
            </span>
          </li>
        ))}
      </ul>
      <Text size="xs" c="dimmed" mt={6}>
        {t("passwordRules.tip")}
      </Text>
    </div>
  );
}
