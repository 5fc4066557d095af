import { Alert, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type TCompanyDetails,
  type TCompanySettingsInput,
  zCompanySettingsInput,
} from "../../../../contract/companies.ts";
import type { Language } from "../../../../domain/enums.ts";
import { eurosToCents, parseEuroInput } from "../../../../domain/money.ts";
import { DetailsList } from "../../../components/details-list.tsx";
import { EuroInput } from "../../../components/euro-input.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { useSectionStatus } from "../../../components/section-status.tsx";
import { isLanguage } from "../../../i18n/i18n.ts";
import { useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { formatEuroInput, formatPercent } from "../../../lib/formatters.ts";
import { money } from "../../../lib/money.ts";
import { revealOpenedForm } from "../../../lib/reveal-form.ts";
import {
  companyErrorText,
  MaxPriceWarning,
  useCompanyVat,
  useUpdateCompanySettings,
} from "../../companies/index.ts";

/** Euros as the field shows them: 4500 → "4500", 3999.5 → "3999,50" (fi, sv) or "3999.50" (en). */
function eurosToText(euros: number | null, lang: Language): string {
  return euros == null ? "" : formatEuroInput(eurosToCents(euros), lang, { wholeEuros: true });
}

/**
 * The typed max price in cents: null for an empty field, "invalid" when it is not an amount; a
 * negative one is read, so that the field can say that it is below zero.
 */
function readCents(text: string): number | null | "invalid" {
  if (!text.trim()) return null;
  return parseEuroInput(text, { min: Number.NEGATIVE_INFINITY }) ?? "invalid";
}

/** The settings the field makes: euros for the API, NaN for a text that is not an amount. */
function settingsBody(values: { maxPrice: string }) {
  const cents = readCents(values.maxPrice);
  return { maxPrice: cents === null ? null : cents === "invalid" ? Number.NaN : cents / 100 };
}

/**
 * The frame of a settings form opened in place: what failed to save, the fields, and save and cancel.
 */
function SettingsForm({
  onSubmit,
  save,
  saveLabel,
  onCancel,
  children,
}: {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  save: { isPending: boolean; isError: boolean; error: unknown };
  saveLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form ref={revealOpenedForm} noValidate onSubmit={onSubmit}>
      <Stack gap="sm" maw={480}>
        {save.isError && (
          <Alert color="red" variant="light" title={t("employerSettings.details.saveFailed")}>
            {companyErrorText(save.error, t)}
          </Alert>
        )}
        {children}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {saveLabel}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            {t("ds.confirm.cancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The company's details on its settings page: name, business ID, address and e-invoice address as the
 * helpdesk keeps them, the VAT value (read only: the helpdesk sets it), and the max price of a bike package, which the
 * employer edits here (PUT /api/companies/{id}/settings).
 */
export function CompanyDetailsSection({ company }: { company: TCompanyDetails }) {
  const { t, i18n } = useTranslation();
  const lang: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : "fi";
  const vat = useCompanyVat(company.companyId);
  const status = useSectionStatus(t("companySections.status.failedTitle"));
  const [editing, setEditing] = useState<"maxPrice" | "billing" | null>(null);

  const address = [company.streetAddress, [company.postalCode, company.city].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  let vatValue: ReactNode;
  if (vat.isPending) vatValue = t("ds.table.loading");
  else if (vat.isError) {
    vatValue = (
      <Group gap="xs" component="span" role="alert">
        <span>{t("employerSettings.details.vatFailed")}</span>
        <Button size="compact-xs" variant="default" onClick={() => void vat.refetch()}>
          {t("ds.table.retry")}
        </Button>
      </Group>
    );
  } else {
    vatValue =
      vat.data.source === "COMPANY"
        ? t("employerSettings.details.vatOwn", { value: formatPercent(vat.data.value, lang) })
        : t("employerSettings.details.vatCountry", { value: formatPercent(vat.data.value, lang) });
  }
  const maxPrice =
    company.maxPrice == null
      ? t("employerSettings.details.noMaxPrice")
      : money(Math.round(company.maxPrice * 100));

  return (
    <SectionCard
      title={t("employerSettings.details.title")}
      description={t("employerSettings.details.description")}
      actions={
        editing ? undefined : (
          <Group gap="xs">
            <Button
              variant="default"
              size="sm"
              onClick={() => {
                status.clear();
                setEditing("billing");
              }}
            >
              {t("employerSettings.details.editBillingAddress")}
            </Button>
            <Button
              variant="default"
              size="sm"
              onClick={() => {
                status.clear();
                setEditing("maxPrice");
              }}
            >
              {t("employerSettings.details.editMaxPrice")}
            </Button>
          </Group>
        )
      }
    >
      <Stack gap="md">
        {status.element}
        {!company.hasBillingAddress && (
          <Alert
            color="yellow"
            variant="light"
            title={t("employerSettings.details.billingAddressMissingTitle")}
          >
            {t("employerSettings.details.billingAddressMissing")}
          </Alert>
        )}
        <DetailsList
          items={[
            { label: t("employerSettings.details.name"), value: company.name },
            { label: t("employerSettings.details.businessId"), value: company.businessId },
            { label: t("employerSettings.details.address"), value: address },
            // Where Pedaali's monthly lease invoices go: as e-invoices, else by e-mail.
            { label: t("employerSettings.details.billingEmail"), value: company.billingEmail },
            { label: t("employerSettings.details.eInvoiceAddress"), value: company.eInvoiceAddress },
            { label: t("employerSettings.details.eInvoiceOperator"), value: company.eInvoiceOperator },
            { label: t("employerSettings.details.vat"), value: vatValue },
            { label: t("employerSettings.details.maxPrice"), value: maxPrice },
          ]}
        />
        <Text size="sm" c="dimmed">
          {t("employerSettings.details.helpdeskNote")}
        </Text>
        {editing === "maxPrice" && (
          <MaxPriceForm
            company={company}
            lang={lang}
            onDone={(saved) => {
              setEditing(null);
              if (saved) status.success(t("employerSettings.details.saved"));
            }}
          />
        )}
        {editing === "billing" && (
          <BillingAddressForm
            company={company}
            onDone={(saved) => {
              setEditing(null);
              if (saved) status.success(t("employerSettings.details.billingSaved"));
            }}
          />
        )}
      </Stack>
    </SectionCard>
  );
}

function MaxPriceForm({
  company,
  lang,
  onDone,
}: {
  company: TCompanyDetails;
  lang: Language;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const save = useUpdateCompanySettings(company.companyId);
  const form = useContractForm({
    initialValues: { maxPrice: eurosToText(company.maxPrice, lang) },
    schema: zCompanySettingsInput,
    toBody: settingsBody,
    texts: (issue) =>
      issue.code === "too_small"
        ? t("employerSettings.details.maxPriceNegative")
        : issue.code === "too_big"
          ? t("employerSettings.details.maxPriceTooLarge")
          : t("employerSettings.details.maxPriceInvalid"),
  });

  function submit(values: { maxPrice: string }) {
    mutateThen(save, settingsBody(values) as TCompanySettingsInput, {
      onSuccess: () => onDone(true),
      onError: (error) => form.setServerErrors(error),
    });
  }

  return (
    <SettingsForm
      onSubmit={form.onSubmit(submit)}
      save={save}
      saveLabel={t("employerSettings.details.saveMaxPrice")}
      onCancel={() => onDone(false)}
    >
      <EuroInput
        label={t("employerSettings.details.maxPriceField")}
        description={t("employerSettings.details.maxPriceHelp")}
        autoComplete="off"
        {...form.getInputProps("maxPrice")}
      />
      <MaxPriceWarning typed={form.values.maxPrice} />
    </SettingsForm>
  );
}

type BillingValues = { billingEmail: string; eInvoiceAddress: string; eInvoiceOperator: string };

/** The billing address of the monthly lease invoice: a billing e-mail, an e-invoice address, or both. */
function BillingAddressForm({
  company,
  onDone,
}: {
  company: TCompanyDetails;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const save = useUpdateCompanySettings(company.companyId);
  const toBody = (v: BillingValues) => ({
    billingEmail: v.billingEmail.trim(),
    eInvoiceAddress: v.eInvoiceAddress.trim(),
    eInvoiceOperator: v.eInvoiceOperator.trim(),
  });
  const form = useContractForm({
    initialValues: {
      billingEmail: company.billingEmail ?? "",
      eInvoiceAddress: company.eInvoiceAddress ?? "",
      eInvoiceOperator: company.eInvoiceOperator ?? "",
    },
    schema: zCompanySettingsInput,
    toBody,
    texts: (issue) => {
      const field = issue.path[0];
      if (field === "eInvoiceAddress") return t("employerSettings.details.eInvoiceAddressInvalid");
      if (field === "eInvoiceOperator") return t("employerSettings.details.eInvoiceOperatorInvalid");
      return t("forms.emailInvalid");
    },
  });

  function submit(values: BillingValues) {
    mutateThen(save, toBody(values), {
      onSuccess: () => onDone(true),
      onError: (error) => form.setServerErrors(error),
    });
  }

  return (
    <SettingsForm
      onSubmit={form.onSubmit(submit)}
      save={save}
      saveLabel={t("employerSettings.details.saveBillingAddress")}
      onCancel={() => onDone(false)}
    >
      <TextInput
        type="email"
        autoComplete="email"
        label={t("employerSettings.details.billingEmail")}
        description={t("employerSettings.details.billingEmailHelp")}
        {...form.getInputProps("billingEmail")}
      />
      <TextInput
        label={t("employerSettings.details.eInvoiceAddress")}
        autoComplete="off"
        {...form.getInputProps("eInvoiceAddress")}
      />
      <TextInput
        label={t("employerSettings.details.eInvoiceOperator")}
        autoComplete="off"
        {...form.getInputProps("eInvoiceOperator")}
      />
    </SettingsForm>
  );
}
