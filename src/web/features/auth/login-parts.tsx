import { Alert, Button, Group, Stack, Title } from "@mantine/core";
import type { FormEventHandler, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { authHeadingClass } from "../../components/auth-shell.tsx";
import classes from "./login-page.module.css";
import type { StepScreen } from "./use-login-flow.ts";

/** The pieces the login's steps share: the heading, the error and "trying again" notes, a second step's frame. */

/** A step's h1, which takes the focus when the step is new. */
export function StepHeading({ screen, children }: { screen: StepScreen; children: ReactNode }) {
  return (
    <Title order={1} ref={screen.headingRef} tabIndex={-1} className={authHeadingClass}>
      {children}
    </Title>
  );
}

/** The error of the step's last try, then the "trying again" note. */
export function StepNotes({ screen }: { screen: StepScreen }) {
  const { t } = useTranslation();
  return (
    <>
      {/* The docs/product.md "Errors" text says what failed; no generic "something went wrong" title over it. */}
      {screen.error && (
        <Alert color="red" variant="light">
          {screen.error}
        </Alert>
      )}
      {/* Always in the page, so the "trying again" note is announced when it appears. */}
      <div className={classes.live} role="status">
        {screen.retrying ? t("login.retrying") : ""}
      </div>
    </>
  );
}

/** A step after the password: its heading, what to do, its fields, the error, the submit and "back". */
export function SecondStep({
  screen,
  onSubmit,
  title,
  intro,
  children,
  submit,
  back,
  resend,
}: {
  screen: StepScreen;
  onSubmit: FormEventHandler<HTMLFormElement>;
  title: string;
  intro: ReactNode;
  /** The step's fields. */
  children: ReactNode;
  submit: string;
  back: () => void;
  resend?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <StepHeading screen={screen}>{title}</StepHeading>
        {intro}
        {children}
        <StepNotes screen={screen} />
        <Button type="submit" loading={screen.busy} fullWidth>
          {submit}
        </Button>
        <Group justify={resend ? "space-between" : "flex-start"} gap="xs">
          <Button variant="subtle" onClick={back} disabled={screen.busy}>
            {t("login.back")}
          </Button>
          {resend && (
            <Button variant="subtle" onClick={resend} disabled={screen.busy}>
              {t("login.resendCode")}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
