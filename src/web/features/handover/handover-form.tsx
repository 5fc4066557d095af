import { Alert, Button, Checkbox, Group, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type TRecordHandover, zRecordHandover } from "../../../contract/handovers.ts";
import { PICKUP_CODE_LENGTH } from "../../../domain/handovers.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { RequiredFieldsNote } from "../../components/field-label.tsx";
import { useFormErrorSummary } from "../../components/form-error-summary.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { useContractForm } from "../../lib/contract-form.ts";
import { mutateThen } from "../../lib/endpoint-client.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { showSuccessToast } from "../../lib/toast.ts";
import { type TStoreHandover, useRecordHandover } from "./handover-api.ts";

type Values = {
  frameSerialNumber: string;
  batterySerial: string;
  /** The package's accessories ticked as handed over. */
  accessories: string[];
  /** Anything else handed over, one per line. */
  otherAccessories: string;
  pickupCode: string;
  /** The employee signs on this device now (in person only). */
  signsHere: boolean;
  signerName: string;
  received: boolean;
};

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The store's handover form: the bike as it leaves (frame number, battery, accessories), the employee's
 * pickup code for a bike handed over in person, and, if the employee is at the counter, their
 * signature on this device. Sending it is the store's signature, so it is asked once more.
 */
export function HandoverForm({ handover }: { handover: TStoreHandover }) {
  const { t } = useTranslation();
  const record = useRecordHandover(handover.orderId);
  const inPerson = handover.kind === "IN_STORE";
  const [confirming, setConfirming] = useState<TRecordHandover | null>(null);
  const toBody = (values: Values): TRecordHandover => ({
    frameSerialNumber: values.frameSerialNumber,
    batterySerial: values.batterySerial,
    accessories: [...values.accessories, ...lines(values.otherAccessories)],
    ...(inPerson ? { pickupCode: values.pickupCode } : {}),
    ...(inPerson && values.signsHere
      ? { employeeSignature: { name: values.signerName, received: values.received as true } }
      : {}),
  });
  const form = useContractForm<Values>({
    initialValues: {
      frameSerialNumber: handover.frameSerialNumber ?? "",
      batterySerial: "",
      accessories: [],
      otherAccessories: "",
      pickupCode: "",
      signsHere: inPerson,
      signerName: handover.customerName,
      received: false,
    },
    schema: zRecordHandover,
    toBody,
    fieldOf: (path) => {
      if (path.startsWith("accessories")) return "otherAccessories";
      if (path === "employeeSignature.name") return "signerName";
      if (path === "employeeSignature.received") return "received";
      return undefined;
    },
    texts: (issue) => {
      if (issue.path[0] === "frameSerialNumber" || issue.path[0] === "batterySerial")
        return issue.code === "invalid_format" ? t("handover.form.serialCharacters") : undefined;
      if (issue.path[0] === "pickupCode")
        return t("handover.form.codeFormat", { length: PICKUP_CODE_LENGTH });
      if (issue.path[1] === "received") return t("handover.form.receivedRequired");
      return undefined;
    },
    rules: {
      frameSerialNumber: (value) => (value.trim() ? null : t("forms.required")),
      pickupCode: (value) => (inPerson && !value.trim() ? t("forms.required") : null),
    },
  });
  const errorSummary = useFormErrorSummary(form);
  const values = form.getValues();

  const send = (body: TRecordHandover) =>
    mutateThen(record, body, {
      onSuccess: (saved) =>
        showSuccessToast(
          t(saved.handover?.status === "COMPLETED" ? "handover.form.completed" : "handover.form.recorded"),
        ),
      onError: (error) => {
        // A wrong code is the code field's error, in the store's words, not a check-this-field.
        const wrongCode = error instanceof ApiError && error.code === "PICKUP_CODE_WRONG";
        const extra: Record<string, string> = wrongCode ? { pickupCode: t("errors.PICKUP_CODE_WRONG") } : {};
        if (form.setServerErrors(error, extra)) errorSummary.show();
      },
      onSettled: () => setConfirming(null),
    });

  const refusal =
    record.isError && !(record.error instanceof ApiError && record.error.code === "PICKUP_CODE_WRONG")
      ? formErrorMessage(record.error, t)
      : null;

  return (
    <form
      noValidate
      aria-label={t("handover.form.label")}
      onSubmit={form.onSubmit((valid) => setConfirming(toBody(valid)), errorSummary.onInvalid)}
    >
      <Stack gap="md" maw={560}>
        {errorSummary.summary}
        <RequiredFieldsNote />
        <TextInput
          label={t("handover.fields.frameSerialNumber")}
          description={t("handover.form.frameHelp")}
          required
          autoComplete="off"
          {...form.getInputProps("frameSerialNumber")}
        />
        <TextInput
          label={t("handover.fields.batterySerial")}
          description={t("handover.form.batteryHelp")}
          autoComplete="off"
          {...form.getInputProps("batterySerial")}
        />
        {handover.packageAccessories.length > 0 && (
          <Checkbox.Group
            label={t("handover.form.packageAccessories")}
            {...form.getInputProps("accessories")}
          >
            <Stack gap={6} mt={6}>
              {handover.packageAccessories.map((accessory) => (
                <Checkbox key={accessory} value={accessory} label={accessory} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <Textarea
          label={t("handover.form.otherAccessories")}
          description={t("handover.form.otherAccessoriesHelp")}
          rows={2}
          {...form.getInputProps("otherAccessories")}
        />
        {inPerson ? (
          <>
            <TextInput
              label={t("handover.form.pickupCode")}
              description={t("handover.form.pickupCodeHelp")}
              required
              inputMode="numeric"
              autoComplete="off"
              {...form.getInputProps("pickupCode")}
            />
            <Checkbox
              label={t("handover.form.signsHere")}
              description={t("handover.form.signsHereHelp")}
              {...form.getInputProps("signsHere", { type: "checkbox" })}
            />
            {values.signsHere && (
              <Stack gap="sm" pl="md">
                <TextInput
                  label={t("handover.form.signerName")}
                  required
                  autoComplete="off"
                  {...form.getInputProps("signerName")}
                />
                <Checkbox
                  label={t("handover.form.received")}
                  {...form.getInputProps("received", { type: "checkbox" })}
                />
              </Stack>
            )}
          </>
        ) : (
          <Text size="sm">{t("handover.form.shippedNote")}</Text>
        )}
        {refusal && (
          <Alert color="red" variant="light" role="alert" title={t("forms.errorTitle")}>
            {refusal}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={record.isPending}>
            {t("handover.form.submit")}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title={t("handover.form.confirmTitle", { number: handover.orderNumber })}
        confirmLabel={t("handover.form.confirm")}
        loading={record.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && send(confirming)}
      >
        {t(confirming?.employeeSignature ? "handover.form.confirmBoth" : "handover.form.confirmStore")}
      </ConfirmDialog>
    </form>
  );
}
