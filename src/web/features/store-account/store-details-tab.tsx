import { Button, Group, NativeSelect, PasswordInput, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type TStoreDetails, zStoreDetailsInput } from "../../../contract/store-accounts.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../../domain/enums.ts";
import { RequiredFieldsNote } from "../../components/field-label.tsx";
import { useFormErrorSummary } from "../../components/form-error-summary.tsx";
import { QueryFrame } from "../../components/query-frame.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { useContractForm } from "../../lib/contract-form.ts";
import { mutateThen } from "../../lib/endpoint-client.ts";
import { showSuccessToast } from "../../lib/toast.ts";
import { useSaveStoreDetails, useStoreDetails } from "./store-account-api.ts";
import { StoreSelect } from "./store-select.tsx";

type Values = {
  contactPersonName: string;
  contactPersonEmail: string;
  phoneNumber: string;
  streetAddress: string;
  postalCode: string;
  city: string;
  iban: string;
  bic: string;
  email: string;
  /** The language Pedaali writes to the store in. */
  language: Language;
  /** Asked only when the bank account changes. */
  currentPassword: string;
};

const valuesOf = (d: TStoreDetails): Values => ({
  contactPersonName: d.contactPersonName ?? "",
  contactPersonEmail: d.contactPersonEmail ?? "",
  phoneNumber: d.phoneNumber ?? "",
  streetAddress: d.streetAddress ?? "",
  postalCode: d.postalCode ?? "",
  city: d.city ?? "",
  iban: d.iban ?? "",
  bic: d.bic ?? "",
  email: d.email ?? "",
  language: d.language ?? DEFAULT_LANGUAGE,
  currentPassword: "",
});

/** The fields' labels, spelled out so the catalogue check sees each key. */
const LABELS: Record<keyof Values, string> = {
  contactPersonName: "storeAccount.details.fields.contactPersonName",
  contactPersonEmail: "storeAccount.details.fields.contactPersonEmail",
  phoneNumber: "storeAccount.details.fields.phoneNumber",
  streetAddress: "storeAccount.details.fields.streetAddress",
  postalCode: "storeAccount.details.fields.postalCode",
  city: "storeAccount.details.fields.city",
  iban: "storeAccount.details.fields.iban",
  bic: "storeAccount.details.fields.bic",
  email: "storeAccount.details.fields.email",
  language: "storeAccount.details.fields.language",
  currentPassword: "storeAccount.details.currentPassword",
};

/** The languages' names, spelled out so the catalogue check sees each key. */
const LANGUAGE_LABELS: Record<Language, string> = {
  fi: "storeAccount.details.languages.fi",
  en: "storeAccount.details.languages.en",
  sv: "storeAccount.details.languages.sv",
};

/** The account as the machines compare it: no spaces, upper case. */
const compact = (value: string | null) => (value ?? "").replace(/\s/g, "").toUpperCase();

/** The store's own details form: checked by the contract's schema (the IBAN's check digits too). */
function DetailsForm({ details, storeId }: { details: TStoreDetails; storeId: string | undefined }) {
  const { t } = useTranslation();
  const save = useSaveStoreDetails(storeId);
  const form = useContractForm<Values>({ initialValues: valuesOf(details), schema: zStoreDetailsInput });
  const errorSummary = useFormErrorSummary(form);
  // Where Pedaali pays the store: a new account is confirmed with the user's password.
  const accountChanged =
    compact(form.values.iban) !== compact(details.iban) || compact(form.values.bic) !== compact(details.bic);
  const field = (name: keyof Values, extra: Record<string, unknown> = {}) => ({
    label: t(LABELS[name]),
    ...extra,
    ...form.getInputProps(name),
  });
  return (
    <form
      noValidate
      aria-label={t("storeAccount.details.title")}
      onSubmit={form.onSubmit(
        (values) =>
          mutateThen(
            save,
            { ...values, currentPassword: accountChanged ? values.currentPassword : "" },
            {
              onSuccess: () => showSuccessToast(t("storeAccount.details.saved")),
              onError: (error) => {
                if (error instanceof ApiError && error.code === "REAUTHENTICATION_FAILED")
                  form.setFieldError("currentPassword", t("errors.REAUTHENTICATION_FAILED"));
                else if (form.setServerErrors(error)) errorSummary.show();
              },
            },
          ),
        errorSummary.onInvalid,
      )}
    >
      <Stack gap="md">
        {errorSummary.summary}
        <RequiredFieldsNote />
        <TextInput
          {...field("email", {
            required: true,
            type: "email",
            description: t("storeAccount.details.emailHelp"),
          })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...field("contactPersonName")} />
          <TextInput {...field("contactPersonEmail", { type: "email" })} />
          <TextInput {...field("phoneNumber", { type: "tel" })} />
          <TextInput {...field("streetAddress")} />
          <TextInput {...field("postalCode")} />
          <TextInput {...field("city")} />
          <TextInput {...field("iban", { description: t("storeAccount.details.ibanHelp") })} />
          <TextInput {...field("bic")} />
          <NativeSelect
            {...field("language", { description: t("storeAccount.details.languageHelp") })}
            data={LANGUAGES.map((language) => ({ value: language, label: t(LANGUAGE_LABELS[language]) }))}
          />
        </SimpleGrid>
        {accountChanged && (
          <PasswordInput
            {...field("currentPassword", {
              required: true,
              autoComplete: "current-password",
              description: t("storeAccount.details.currentPasswordHint"),
            })}
          />
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t("storeAccount.details.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Liikkeen tiedot: what the store keeps itself; a user of several stores picks the store first. */
export function StoreDetailsTab() {
  const { t } = useTranslation();
  const [storeId, setStoreId] = useState<string | undefined>(undefined);
  const details = useStoreDetails(storeId);
  return (
    <QueryFrame
      query={details}
      // A store the caller does not act for reads as any call's 404: there is no page of it to name.
      notFound={t("toasts.notFound")}
      loadingLabel={t("common.loadingPage")}
    >
      {(data) => (
        <SectionCard
          title={t("storeAccount.details.title")}
          description={t("storeAccount.details.description")}
        >
          <Stack gap="md">
            <StoreSelect stores={data.stores} value={data.bikeStoreId} onChange={setStoreId} />
            <DetailsForm
              key={`${data.bikeStoreId}-${data.updatedAt}`}
              details={data}
              storeId={data.bikeStoreId}
            />
          </Stack>
        </SectionCard>
      )}
    </QueryFrame>
  );
}
