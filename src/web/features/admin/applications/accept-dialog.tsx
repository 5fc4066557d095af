import { Alert, Button, Group, Radio, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  type TAcceptApplication,
  type TApplicationAccepted,
  type TCompanyApplication,
  zAcceptApplication,
} from "../../../../contract/admin.ts";
import { PAYMENT_MODES, type PaymentMode, PREVIOUS_PROVIDERS } from "../../../../domain/enums.ts";
import { ActionDialog } from "../../../components/action-dialog.tsx";
import { EuroInput } from "../../../components/euro-input.tsx";
import { useFormErrorSummary } from "../../../components/form-error-summary.tsx";
import { useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { useLeasingCompanyOptions } from "../leasing-companies/leasing-companies-api.ts";
import { useBillingTables } from "../tax-tables/billing-tables-api.ts";
import { readEuros } from "../tax-tables/number-text.ts";
import { useAcceptApplication, useGroupCompanyOptions } from "./applications-api.ts";
import { ReviewError } from "./review-error.tsx";

type GroupMode = "none" | "existing" | "new";

type Values = {
  groupMode: GroupMode;
  groupCompanyId: string;
  newGroupCompanyName: string;
  maxPrice: string;
  paymentMode: string;
  leasingCompanyId: string;
  billingTableId: string;
  previousProvider: string;
  unitNames: string;
  reviewNote: string;
};

const INITIAL: Values = {
  groupMode: "none",
  groupCompanyId: "",
  newGroupCompanyName: "",
  maxPrice: "",
  paymentMode: "",
  leasingCompanyId: "",
  billingTableId: "",
  previousProvider: "",
  unitNames: "",
  reviewNote: "",
};

/** The payment mode labels, spelled out so that the catalogue check sees every key in use. */
const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  PAYROLL: "adminApplications.paymentModes.PAYROLL",
  BATCH: "adminApplications.paymentModes.BATCH",
  ALL: "adminApplications.paymentModes.ALL",
};

/** The accept body: only the settings the helpdesk chose; the rest comes from the application. */
function acceptBody(values: Values): TAcceptApplication {
  const body: TAcceptApplication = {};
  if (values.groupMode === "existing" && values.groupCompanyId) body.groupCompanyId = values.groupCompanyId;
  if (values.groupMode === "new") body.newGroupCompanyName = values.newGroupCompanyName.trim();
  const maxPrice = readEuros(values.maxPrice);
  // The API takes euros with two decimals; the field is read as cents to round exactly.
  if (maxPrice.kind === "value") body.maxPrice = maxPrice.value / 100;
  if (values.paymentMode) body.paymentMode = values.paymentMode as PaymentMode;
  if (values.leasingCompanyId) body.leasingCompanyId = values.leasingCompanyId;
  if (values.billingTableId) body.billingTableId = values.billingTableId;
  if (values.previousProvider) {
    body.previousProvider = values.previousProvider as TAcceptApplication["previousProvider"];
  }
  const units = values.unitNames
    .split("\n")
    .map((name) => name.trim())
    .filter(Boolean);
  if (units.length > 0) body.unitNames = units;
  if (values.reviewNote.trim()) body.reviewNote = values.reviewNote.trim();
  return body;
}

/**
 * Accepting an application: the optional settings the new company starts with. On
 * success the tab says what was made and links to the company; a 409 (already reviewed, business ID
 * taken, group name taken) stays in the dialog, translated.
 */
export function AcceptDialog({
  application,
  onClose,
  onAccepted,
}: {
  application: TCompanyApplication | null;
  onClose: () => void;
  onAccepted: (result: TApplicationAccepted) => void;
}) {
  const { t } = useTranslation();
  return (
    <ActionDialog
      opened={application !== null}
      onCancel={onClose}
      title={application ? t("adminApplications.accept.title", { company: application.companyName }) : ""}
      size="lg"
    >
      {application && <AcceptForm application={application} onClose={onClose} onAccepted={onAccepted} />}
    </ActionDialog>
  );
}

function AcceptForm({
  application,
  onClose,
  onAccepted,
}: {
  application: TCompanyApplication;
  onClose: () => void;
  onAccepted: (result: TApplicationAccepted) => void;
}) {
  const { t } = useTranslation();
  const accept = useAcceptApplication();
  const groups = useGroupCompanyOptions();
  const leasingCompanies = useLeasingCompanyOptions();
  const billingTables = useBillingTables();
  const form = useContractForm<Values>({
    initialValues: INITIAL,
    schema: zAcceptApplication,
    toBody: acceptBody,
    texts: (issue) =>
      issue.path[0] === "newGroupCompanyName" ? t("adminApplications.accept.newGroupRequired") : undefined,
    // The group's choice and the price typed as text are the form's: the body leaves out what is unset.
    rules: {
      groupCompanyId: (value, values) =>
        values.groupMode === "existing" && !value ? t("adminApplications.accept.groupRequired") : null,
      newGroupCompanyName: (value, values) =>
        values.groupMode === "new" && value.trim().length < 2
          ? t("adminApplications.accept.newGroupRequired")
          : null,
      maxPrice: (value) =>
        readEuros(value).kind === "invalid" ? t("adminApplications.accept.maxPriceInvalid") : null,
    },
  });
  const errorSummary = useFormErrorSummary(form);
  const groupMode = form.values.groupMode;

  const submit = form.onSubmit(
    (values) =>
      mutateThen(
        accept,
        { id: application.id, body: acceptBody(values) },
        {
          onSuccess: (result) => {
            onAccepted(result);
            onClose();
          },
        },
      ),
    errorSummary.onInvalid,
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {errorSummary.summary}
        <ReviewError error={accept.error} />
        <Alert variant="light" color="pedaali">
          {t("adminApplications.accept.intro", { email: application.contactEmail })}
        </Alert>
        {application.businessIdInUse && (
          <Alert variant="light" color="yellow">
            {t("adminApplications.businessIdInUse")}
          </Alert>
        )}
        <Radio.Group label={t("adminApplications.accept.group")} {...form.getInputProps("groupMode")}>
          <Stack gap="xs" mt="xs">
            <Radio value="none" label={t("adminApplications.accept.groupNone")} />
            <Radio value="existing" label={t("adminApplications.accept.groupExisting")} />
            <Radio value="new" label={t("adminApplications.accept.groupNew")} />
          </Stack>
        </Radio.Group>
        {groupMode === "existing" && (
          <Select
            label={t("adminApplications.accept.groupCompany")}
            required
            searchable
            data={groups.data ?? []}
            nothingFoundMessage={t("adminApplications.accept.nothingFound")}
            {...form.getInputProps("groupCompanyId")}
            onChange={(value) => form.setFieldValue("groupCompanyId", value ?? "")}
          />
        )}
        {groupMode === "new" && (
          <TextInput
            label={t("adminApplications.accept.newGroupName")}
            required
            {...form.getInputProps("newGroupCompanyName")}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <EuroInput
            label={t("adminApplications.accept.maxPrice")}
            description={t("adminApplications.accept.maxPriceHelp")}
            {...form.getInputProps("maxPrice")}
          />
          <Select
            label={t("adminApplications.accept.paymentMode")}
            description={t("adminApplications.accept.defaultHelp")}
            clearable
            data={PAYMENT_MODES.map((mode) => ({ value: mode, label: t(PAYMENT_MODE_LABELS[mode]) }))}
            {...form.getInputProps("paymentMode")}
            onChange={(value) => form.setFieldValue("paymentMode", value ?? "")}
          />
          <Select
            label={t("adminApplications.accept.leasingCompany")}
            description={t("adminApplications.accept.defaultHelp")}
            clearable
            data={(leasingCompanies.data ?? []).map((company) => ({
              value: company.id,
              label: company.companyName,
            }))}
            {...form.getInputProps("leasingCompanyId")}
            onChange={(value) => form.setFieldValue("leasingCompanyId", value ?? "")}
          />
          <Select
            label={t("adminApplications.accept.billingTable")}
            description={t("adminApplications.accept.defaultHelp")}
            clearable
            data={(billingTables.data ?? []).map((table) => ({ value: table.id, label: table.name }))}
            {...form.getInputProps("billingTableId")}
            onChange={(value) => form.setFieldValue("billingTableId", value ?? "")}
          />
          <Select
            label={t("adminApplications.accept.previousProvider")}
            clearable
            data={[...PREVIOUS_PROVIDERS]}
            {...form.getInputProps("previousProvider")}
            onChange={(value) => form.setFieldValue("previousProvider", value ?? "")}
          />
        </SimpleGrid>
        <Textarea
          label={t("adminApplications.accept.unitNames")}
          description={t("adminApplications.accept.unitNamesHelp")}
          rows={3}
          {...form.getInputProps("unitNames")}
        />
        <Textarea
          label={t("adminApplications.accept.note")}
          description={t("adminApplications.accept.noteHelp")}
          rows={3}
          {...form.getInputProps("reviewNote")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={accept.isPending}>
            {t("ds.confirm.cancel")}
          </Button>
          <Button type="submit" loading={accept.isPending}>
            {t("adminApplications.accept.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
