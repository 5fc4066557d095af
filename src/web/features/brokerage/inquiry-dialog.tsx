import { Alert, Button, Group, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { zBrokerageInquiryInput } from "../../../contract/bike-brokerage.ts";
import { BROKERAGE_INQUIRY_MESSAGE_MAX, brokerageBikeTitle } from "../../../domain/brokerage.ts";
import { personName } from "../../../domain/person-name.ts";
import { normalizeEmail } from "../../../domain/validation/email.ts";
import { ActionDialog } from "../../components/action-dialog.tsx";
import { RequiredFieldsNote } from "../../components/field-label.tsx";
import { useFormErrorSummary } from "../../components/form-error-summary.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { useContractForm } from "../../lib/contract-form.ts";
import { mutateThen } from "../../lib/endpoint-client.ts";
import { fieldRules, phoneAsSent } from "../../lib/field-rules.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { useSession } from "../../lib/session.ts";
import { type TListedBike, useAskAboutBike } from "./brokerage-api.ts";

type Values = { name: string; email: string; phoneNumber: string; message: string };

/** The inquiry the values make; a phone number that does not read goes as typed, for its rule to say so. */
function inquiryBody(values: Values) {
  const phone = values.phoneNumber.trim();
  const phoneNumber = phone ? phoneAsSent(phone) : null;
  return {
    name: values.name.trim(),
    email: normalizeEmail(values.email),
    phoneNumber,
    message: values.message.trim(),
  };
}

/** What the dialog's alert says of a refusal: the bike went off sale, the user asked already, or the general text. */
function refusalText(error: unknown, t: (key: string) => string, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code === "CONFLICT") return t("brokerage.inquiry.alreadyAsked");
  if (error.code === "BROKERAGE_NOT_AVAILABLE" || error.status === 404)
    return t("brokerage.inquiry.notAvailable");
  return fallback;
}

/**
 * "Kysy ostamisesta": the asker's name, e-mail and phone, prefilled from their account and theirs to
 * change (a personal address, say), and their message to customer service. Errors stand at the fields
 * and in the summary above them; a refusal of the whole inquiry in the alert. `onSent` closes it.
 */
export function InquiryDialog({
  bike,
  onClose,
  onSent,
  onAskedBefore,
}: {
  bike: TListedBike | null;
  onClose: () => void;
  /** The inquiry went through: the page thanks the asker and closes the dialog. */
  onSent: (bikeId: string) => void;
  /** The user's earlier inquiry is still open (409): the dialog says so, and the card too. */
  onAskedBefore: (bikeId: string) => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const rules = fieldRules(t);
  const ask = useAskAboutBike();
  const form = useContractForm<Values>({
    initialValues: { name: "", email: "", phoneNumber: "", message: "" },
    schema: zBrokerageInquiryInput,
    toBody: inquiryBody,
    // The shared field rules (docs/product.md "Field rules") name the field in their words: an e-mail or a phone number.
    rules: {
      name: rules.required(),
      email: rules.email,
      phoneNumber: rules.optionalPhone,
      message: rules.required((value) =>
        value.trim().length > BROKERAGE_INQUIRY_MESSAGE_MAX
          ? t("brokerage.inquiry.messageTooLong", { max: BROKERAGE_INQUIRY_MESSAGE_MAX })
          : null,
      ),
    },
  });
  const errorSummary = useFormErrorSummary(form);
  const bikeId = bike?.bikeBrokerageId ?? null;

  // Each bike's dialog starts from the user's own details and an empty message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new bike resets the form; the rest follows it.
  useEffect(() => {
    if (!bikeId) return;
    form.setValues({
      name: user ? personName(user.firstName, user.lastName) : "",
      email: user?.email ?? "",
      phoneNumber: user?.phoneNumber ?? "",
      message: "",
    });
    form.resetDirty();
    form.clearErrors();
    ask.reset();
  }, [bikeId]);

  function submit(values: Values) {
    if (!bike) return;
    mutateThen(
      ask,
      { bikeId: bike.bikeBrokerageId, body: inquiryBody(values) },
      {
        onSuccess: () => onSent(bike.bikeBrokerageId),
        onError: (error) => {
          const phoneRefused = error instanceof ApiError && error.code === "UNSUPPORTED_PHONE_NUMBER";
          const extra: Record<string, string> = phoneRefused
            ? { phoneNumber: t("errors.UNSUPPORTED_PHONE_NUMBER") }
            : {};
          if (form.setServerErrors(error, extra)) errorSummary.show();
          if (error instanceof ApiError && error.code === "CONFLICT") onAskedBefore(bike.bikeBrokerageId);
        },
      },
    );
  }

  const fieldsRefused = ask.error instanceof ApiError && ask.error.details.length > 0;
  return (
    <ActionDialog
      opened={bike !== null}
      onCancel={onClose}
      holdOpen={ask.isPending}
      title={bike ? t("brokerage.inquiry.title", { bike: brokerageBikeTitle(bike) }) : ""}
      size="lg"
    >
      <form noValidate onSubmit={form.onSubmit(submit, errorSummary.onInvalid)}>
        <Stack gap="md">
          {errorSummary.summary}
          <RequiredFieldsNote />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t("brokerage.inquiry.name")}
              autoComplete="name"
              required
              {...form.getInputProps("name")}
            />
            <TextInput
              label={t("forms.email")}
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps("email")}
            />
          </SimpleGrid>
          <TextInput
            label={t("brokerage.inquiry.phone")}
            description={t("forms.phoneHint")}
            type="tel"
            autoComplete="tel"
            {...form.getInputProps("phoneNumber")}
          />
          <Textarea
            label={t("brokerage.inquiry.message")}
            description={t("brokerage.inquiry.messageHint")}
            required
            rows={5}
            {...form.getInputProps("message")}
          />
          {ask.isError && !fieldsRefused && (
            <Alert color="red" variant="light" title={t("forms.errorTitle")} role="alert">
              {refusalText(ask.error, t, formErrorMessage(ask.error, t))}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={ask.isPending}>
              {t("brokerage.inquiry.cancel")}
            </Button>
            <Button type="submit" loading={ask.isPending}>
              {t("brokerage.inquiry.send")}
            </Button>
          </Group>
        </Stack>
      </form>
    </ActionDialog>
  );
}
