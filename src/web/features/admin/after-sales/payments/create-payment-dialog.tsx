import { Alert, Button, Checkbox, Group, Radio, Select, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type TCreateUserPayment, zCreateUserPayment } from "../../../../../contract/user-payments.ts";
import { PAYMENT_METHODS, type PaymentMethod } from "../../../../../domain/enums.ts";
import { parseEuroInput } from "../../../../../domain/money.ts";
import type { HandMadeUserPaymentKind } from "../../../../../domain/user-payments.ts";
import { ActionDialog } from "../../../../components/action-dialog.tsx";
import { DateField } from "../../../../components/date-field.tsx";
import { EuroInput } from "../../../../components/euro-input.tsx";
import { FieldLabel, RequiredFieldsNote } from "../../../../components/field-label.tsx";
import { useFormErrorSummary } from "../../../../components/form-error-summary.tsx";
import { useContractForm } from "../../../../lib/contract-form.ts";
import { mutateThen } from "../../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../../lib/error-toasts.ts";
import { showSuccessToast } from "../../../../lib/toast.ts";
import { METHOD_LABELS } from "./payment-labels.ts";
import { type EmployeeOption, useCreatePayment, useEmployeeOptions } from "./payments-api.ts";

type Values = {
  beneficiaryEmployeeId: string;
  kind: HandMadeUserPaymentKind;
  description: string;
  amount: string;
  paymentMethod: PaymentMethod;
  dueDate: string;
  send: boolean;
};

/** The payment the values make; an amount that does not read is left for the schema to refuse. */
function paymentBody(values: Values) {
  return {
    beneficiaryEmployeeId: values.beneficiaryEmployeeId,
    kind: values.kind,
    description: values.description.trim(),
    amountCents: parseEuroInput(values.amount),
    paymentMethod: values.paymentMethod,
    dueDate: values.dueDate,
    send: values.send,
  };
}

/**
 * A payment made by hand for an employee of any company, the employee found by name or e-mail. It is
 * always of the kind "other": a return fee, deductible or redemption is asked only by its case. Sent at once unless unticked (an invoice is then mailed).
 */
export function CreatePaymentDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation();
  const create = useCreatePayment();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const [chosen, setChosen] = useState<EmployeeOption | null>(null);
  const options = useEmployeeOptions(debounced);
  const form = useContractForm<Values>({
    initialValues: {
      beneficiaryEmployeeId: "",
      kind: "OTHER",
      description: "",
      amount: "",
      paymentMethod: "BATCH",
      dueDate: "",
      send: true,
    },
    schema: zCreateUserPayment,
    toBody: paymentBody,
    fieldOf: { amountCents: "amount" },
    texts: (issue) =>
      ({
        beneficiaryEmployeeId: t("adminUserPayments.form.employeeRequired"),
        description: t("adminUserPayments.form.descriptionRequired"),
        amountCents: t("adminUserPayments.form.amountInvalid"),
        dueDate: t("adminUserPayments.form.dueRequired"),
      })[String(issue.path[0])],
    serverText: t("adminUserPayments.form.fieldInvalid"),
  });
  const errorSummary = useFormErrorSummary(form, {
    beneficiaryEmployeeId: t("adminUserPayments.form.employee"),
    paymentMethod: t("adminUserPayments.form.method"),
  });

  function close() {
    if (create.isPending) return;
    create.reset();
    form.reset();
    setSearch("");
    setChosen(null);
    onClose();
  }

  const submit = form.onSubmit((values) => {
    mutateThen(create, paymentBody(values) as TCreateUserPayment, {
      onSuccess: (payment) => {
        showSuccessToast(t("adminUserPayments.form.created"));
        close();
        onCreated(payment.id);
      },
      onError: (error) => {
        if (form.setServerErrors(error)) errorSummary.show();
      },
    });
  }, errorSummary.onInvalid);

  const data = [...(options.data ?? [])];
  if (chosen && !data.some((option) => option.value === chosen.value)) data.unshift(chosen);

  return (
    <ActionDialog opened={opened} onCancel={close} title={t("adminUserPayments.form.title")} size="lg">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">{t("adminUserPayments.form.intro")}</Text>
          {errorSummary.summary}
          {create.isError && (
            <Alert color="red" variant="light" role="alert" title={t("adminUserPayments.actions.failed")}>
              {messageForApiError(create.error, t)}
            </Alert>
          )}
          <RequiredFieldsNote />
          <Select
            label={t("adminUserPayments.form.employee")}
            placeholder={t("adminUserPayments.form.employeePlaceholder")}
            required
            searchable
            data={data}
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            nothingFoundMessage={
              debounced.trim().length >= 2 ? t("adminUserPayments.form.noEmployees") : undefined
            }
            comboboxProps={{ withinPortal: false }}
            {...form.getInputProps("beneficiaryEmployeeId")}
            onChange={(value) => {
              form.setFieldValue("beneficiaryEmployeeId", value ?? "");
              setChosen(data.find((option) => option.value === value) ?? null);
            }}
          />
          <TextInput
            label={t("adminUserPayments.form.description")}
            description={t("adminUserPayments.form.descriptionHelp")}
            required
            {...form.getInputProps("description")}
          />
          <EuroInput
            euroInLabel
            label={t("adminUserPayments.form.amount")}
            required
            {...form.getInputProps("amount")}
          />
          <Radio.Group
            label={<FieldLabel required>{t("adminUserPayments.form.method")}</FieldLabel>}
            {...form.getInputProps("paymentMethod")}
          >
            <Group gap="lg" mt={6}>
              {PAYMENT_METHODS.map((method) => (
                <Radio key={method} value={method} label={t(METHOD_LABELS[method])} />
              ))}
            </Group>
          </Radio.Group>
          <DateField
            label={t("adminUserPayments.form.due")}
            description={t("adminUserPayments.form.dueHelp")}
            required
            {...form.getInputProps("dueDate")}
          />
          <Checkbox
            label={t("adminUserPayments.form.send")}
            description={t("adminUserPayments.form.sendHelp")}
            {...form.getInputProps("send", { type: "checkbox" })}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              {t("ds.confirm.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t("adminUserPayments.form.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </ActionDialog>
  );
}
