import { useTranslation } from "react-i18next";
import { AuthShell } from "../../components/auth-shell.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { CodeStep } from "./code-step.tsx";
import { CredentialsStep } from "./credentials-step.tsx";
import { PhoneStep } from "./phone-step.tsx";
import { type LoginFlow, useLoginFlow } from "./use-login-flow.ts";

/**
 * /kirjaudu (docs/product.md "States" Auth, docs/product.md "Errors" Login): e-mail and password; then, for admins and employer-side users,
 * a phone number if the account has none and the 6-digit code sent by SMS, or for staff with an
 * authenticator app its code or one of their recovery codes. With the dev outbox on the
 * code step shows the code that was just sent. On success the user goes back to the page they wanted,
 * or to the home of their role; a deactivated account goes to /deactivated. An e-mail of a company that
 * logs its users in through its own identity provider is offered that way (sso-login.tsx); where the
 * company requires it, the password is not asked at all.
 */
export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t("routes.login.title"));
  const flow = useLoginFlow();
  return <AuthShell>{stepOf(flow)}</AuthShell>;
}

/** The step the flow is at, each a component of its own; the flow (useLoginFlow) moves between them. */
function stepOf(flow: LoginFlow) {
  const { step, screen } = flow;
  switch (step.name) {
    case "credentials":
      return (
        <CredentialsStep
          screen={screen}
          form={flow.credentials}
          sso={flow.sso}
          arrivalTextKey={flow.arrival.textKey}
          logIn={flow.logIn}
        />
      );
    case "phone":
      return <PhoneStep screen={screen} form={flow.phone} logIn={flow.logIn} back={flow.back} />;
    case "code":
      return (
        <CodeStep
          screen={screen}
          challenge={step.challenge}
          form={flow.code}
          verify={flow.verify}
          verifyWithPasskey={flow.verifyWithPasskey}
          resend={flow.resend}
          back={flow.back}
        />
      );
  }
}
