import { Alert, Anchor, Button, Code, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { mutateThen } from "../../lib/endpoint-client.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { agreementPdfHref, type TMyOrder, useRequestSignCode, useSign } from "./mybike-api.ts";

/** Whether the employee has signed and the order now waits for the employer's approval. */
export function signedAwaitingEmployer(order: TMyOrder): boolean {
  return (
    order.orderStatus === "ALL_INFO_PROVIDED" &&
    (order.agreement?.status === "SIGNED" || order.waitingOn === "EMPLOYER")
  );
}

/**
 * ALL_INFO_PROVIDED: the agreement draft to read (PDF), then the signature: a fresh 6-digit code by SMS
 * (POST /sign/code), typed here and sent with POST /sign. Once signed, the order says whether the
 * employer's approval is still missing.
 */
export function Signing({ order }: { order: TMyOrder }) {
  const { t } = useTranslation();
  const requestCode = useRequestSignCode(order.orderId);
  const sign = useSign(order.orderId);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);

  if (signedAwaitingEmployer(order)) {
    return (
      <Alert color="pedaali" title={t("myBike.sign.signedTitle")} role="status">
        {t("myBike.sign.awaitingEmployer")}
      </Alert>
    );
  }

  const submit = () => {
    if (!/^\d{6}$/.test(code.trim())) {
      setCodeError(t("myBike.sign.codeFormat"));
      return;
    }
    setCodeError(null);
    mutateThen(sign, code.trim(), {
      onError: (error) => setCodeError(formErrorMessage(error, t)),
    });
  };

  return (
    <Stack gap="md">
      <Text>{t("myBike.sign.intro")}</Text>
      <Anchor href={agreementPdfHref(order.orderId)} target="_blank" rel="noopener" fw={600}>
        {t("myBike.sign.openDraft")}
      </Anchor>
      {!requestCode.isSuccess ? (
        <>
          {requestCode.isError && (
            <Alert color="red" role="alert">
              {formErrorMessage(requestCode.error, t)}
            </Alert>
          )}
          <Group>
            <Button onClick={() => requestCode.mutate()} loading={requestCode.isPending}>
              {t("myBike.sign.requestCode")}
            </Button>
          </Group>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
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
              maxLength={6}
              required
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={codeError}
            />
            <Group>
              <Button type="submit" loading={sign.isPending}>
                {t("myBike.sign.submit")}
              </Button>
              <Button
                variant="subtle"
                onClick={() => {
                  setCode("");
                  setCodeError(null);
                  requestCode.mutate();
                }}
                loading={requestCode.isPending}
              >
                {t("myBike.sign.newCode")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
