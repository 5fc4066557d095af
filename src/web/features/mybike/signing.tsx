import { Alert, Anchor, Button, Code, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { zSignOrder } from "../../../contract/order-acceptance.ts";
import { useContractForm } from "../../lib/contract-form.ts";
import { mutateThen } from "../../lib/endpoint-client.ts";
import { signingErrorMessage, useLeavingForBroker } from "../../lib/strong-identification.ts";
import {
  agreementPdfHref,
  type TMyOrder,
  useRequestSignCode,
  useSign,
  useStartStrongSigning,
} from "./mybike-api.ts";

/** Whether the employee has signed and the order now waits for the employer's approval. */
function signedAwaitingEmployer(order: TMyOrder): boolean {
  return (
    order.orderStatus === "ALL_INFO_PROVIDED" &&
    (order.agreement?.status === "SIGNED" || order.waitingOn === "EMPLOYER")
  );
}

/**
 * ALL_INFO_PROVIDED: the agreement draft to read (PDF), then the signature in the ways the employer's
 * company allows now (order.signingMethods, the preferred first). With strong electronic identification
 * the employee signs at the broker with their bank ID or mobile certificate; where the company also
 * allows the SMS code, that stays a second way behind a button. A company that requires strong
 * identification while the platform has none set up leaves no way to sign: the page says so instead of
 * offering a weaker one the company did not allow. Once signed, the order says whether the employer's
 * approval is still missing.
 */
export function Signing({ order }: { order: TMyOrder }) {
  const { t } = useTranslation();
  const [smsChosen, setSmsChosen] = useState(false);

  if (signedAwaitingEmployer(order)) {
    return (
      <Alert color="pedaali" title={t("myBike.sign.signedTitle")} role="status">
        {t("myBike.sign.awaitingEmployer")}
      </Alert>
    );
  }

  const strong = order.signingMethods.includes("STRONG");
  const sms = order.signingMethods.includes("SMS_CODE");
  const draft = (
    <Anchor href={agreementPdfHref(order.orderId)} target="_blank" rel="noopener" fw={600}>
      {t("myBike.sign.openDraft")}
    </Anchor>
  );

  if (!strong && !sms) {
    return (
      <Stack gap="md">
        {draft}
        <Alert color="yellow" title={t("myBike.sign.unavailableTitle")} role="status">
          {t("myBike.sign.unavailable")}
        </Alert>
      </Stack>
    );
  }

  if (!strong) {
    return (
      <Stack gap="md">
        <Text>{t("myBike.sign.intro")}</Text>
        {draft}
        <SmsCodeSigning order={order} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text>{t("myBike.sign.introStrong")}</Text>
      {draft}
      <StrongSigning order={order} />
      {sms &&
        (smsChosen ? (
          <SmsCodeSigning order={order} />
        ) : (
          <Group>
            <Button variant="subtle" onClick={() => setSmsChosen(true)}>
              {t("myBike.sign.smsInstead")}
            </Button>
          </Group>
        ))}
    </Stack>
  );
}

/** The signature at the broker: the button starts it and the browser leaves for the broker's page. */
function StrongSigning({ order }: { order: TMyOrder }) {
  const { t } = useTranslation();
  const start = useStartStrongSigning(order.orderId);
  const leaving = useLeavingForBroker(start);
  return (
    <Stack gap="xs">
      {start.isError && (
        <Alert color="red" role="alert">
          {signingErrorMessage(start.error, t)}
        </Alert>
      )}
      <Group>
        <Button onClick={() => start.mutate()} loading={leaving}>
          {t("myBike.sign.strongSubmit")}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t("myBike.sign.strongHelp")}
      </Text>
    </Stack>
  );
}

/** The signature with a fresh 6-digit code by SMS (POST /sign/code), typed here and sent with POST /sign. */
function SmsCodeSigning({ order }: { order: TMyOrder }) {
  const { t } = useTranslation();
  const requestCode = useRequestSignCode(order.orderId);
  const sign = useSign(order.orderId);
  // The code's six digits are the contract's rule (zSignOrder), said in the signing's own words; why the
  // server refused a code (wrong, expired) is said at the field too.
  const form = useContractForm({
    initialValues: { code: "" },
    schema: zSignOrder,
    rules: { code: (code) => (/^\d{6}$/.test(code.trim()) ? null : t("myBike.sign.codeFormat")) },
  });

  const submit = form.onSubmit(({ code }) =>
    mutateThen(sign, code.trim(), {
      onError: (error) => form.setFieldError("code", signingErrorMessage(error, t)),
    }),
  );

  if (!requestCode.isSuccess) {
    return (
      <>
        {requestCode.isError && (
          <Alert color="red" role="alert">
            {signingErrorMessage(requestCode.error, t)}
          </Alert>
        )}
        <Group>
          <Button onClick={() => requestCode.mutate()} loading={requestCode.isPending}>
            {t("myBike.sign.requestCode")}
          </Button>
        </Group>
      </>
    );
  }

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm" maw={360}>
        <Text size="sm" role="status">
          {t("myBike.sign.codeSent", { phone: requestCode.data.phoneNumberHint })}
        </Text>
        {requestCode.data.devCode && (
          // As on the login page: no SMS leaves a development machine, so the code is shown here.
          <Alert color="yellow" variant="outline" title={t("login.devCodeTitle")}>
            {t("login.devCodeText")}{" "}
            <Code data-testid="dev-code" fz="md" fw={700}>
              {requestCode.data.devCode}
            </Code>
          </Alert>
        )}
        <TextInput
          label={t("myBike.sign.code")}
          description={t("myBike.sign.codeHelp")}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          {...form.getInputProps("code")}
        />
        <Group>
          <Button type="submit" loading={sign.isPending}>
            {t("myBike.sign.submit")}
          </Button>
          <Button
            variant="subtle"
            onClick={() => {
              form.reset();
              requestCode.mutate();
            }}
            loading={requestCode.isPending}
          >
            {t("myBike.sign.newCode")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
