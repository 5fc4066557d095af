import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { randomId } from "@mantine/hooks";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import {
  type TCompanyDetails,
  type TCreateCompany,
  zCreateCompany,
  zUpdateCompany,
} from "../../../../contract/companies.ts";
import { PAYMENT_MODES, type PaymentMode, PREVIOUS_PROVIDERS } from "../../../../domain/enums.ts";
import { isValidBusinessId } from "../../../../domain/validation/business-id.ts";
import { EuroInput } from "../../../components/euro-input.tsx";
import { RequiredFieldsNote } from "../../../components/field-label.tsx";
import { useFormErrorSummary } from "../../../components/form-error-summary.tsx";
import { CrossIcon } from "../../../components/icons.tsx";
import { PersonNameFields } from "../../../components/person-name-fields.tsx";
import { PhoneNumberInput } from "../../../components/phone-number-input.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useLeasingCompanyOptions } from "../leasing-companies/leasing-companies-api.ts";
import { useBillingTables } from "../tax-tables/billing-tables-api.ts";
import { useDisplay } from "../tax-tables/display-format.ts";
import { PercentField } from "../tax-tables/fields.tsx";
import { createReader, type Reader, schemaErrors, serverFieldErrors } from "../tax-tables/form-validation.ts";
import { centsToText, percentToText } from "../tax-tables/number-text.ts";
import { useCreateCompany, useGroupCompanyOptions, useUpdateCompany } from "./companies-api.ts";
import { companyErrorText, isConflict, PAYMENT_MODE_LABELS } from "./company-messages.ts";

/**
 * A company's fields (SPEC §3 "Company"), for Lisää yritys and for editing a company; the applications
 * screen can take `CompanyFields` and `useCompanyFormState` to show the same fields. The fields hold
 * text; on submit they are read (euros and percents as the admin types them) into the contract's body,
 * which the contract's own schema checks before it is sent, so the form and the API agree.
 */

type GroupMode = "none" | "existing" | "new";

export type CompanyFormValues = {
  name: string;
  businessId: string;
  groupMode: GroupMode;
  groupCompanyId: string;
  newGroupCompanyName: string;
  streetAddress: string;
  postalCode: string;
  city: string;
  billingEmail: string;
  eInvoiceAddress: string;
  eInvoiceOperator: string;
  contactName: string;
  contactEmail: string;
  contactPhoneNumber: string;
  maxPrice: string;
  paymentMode: PaymentMode;
  leasingCompanyId: string;
  billingTableId: string;
  vatPercent: string;
  previousProvider: string;
  unitNames: { key: string; name: string }[];
  withAdmin: boolean;
  admin: { firstName: string; lastName: string; email: string; phoneNumber: string };
};

const BUSINESS_ID_SHAPE = /^\d{7}-\d$/;

function initialValues(company: TCompanyDetails | null, lang: "fi" | "en" | "sv"): CompanyFormValues {
  return {
    name: company?.name ?? "",
    businessId: company?.businessId ?? "",
    groupMode: company?.groupCompanyId ? "existing" : "none",
    groupCompanyId: company?.groupCompanyId ?? "",
    newGroupCompanyName: "",
    streetAddress: company?.streetAddress ?? "",
    postalCode: company?.postalCode ?? "",
    city: company?.city ?? "",
    billingEmail: company?.billingEmail ?? "",
    eInvoiceAddress: company?.eInvoiceAddress ?? "",
    eInvoiceOperator: company?.eInvoiceOperator ?? "",
    contactName: company?.contactName ?? "",
    contactEmail: company?.contactEmail ?? "",
    contactPhoneNumber: company?.contactPhoneNumber ?? "",
    maxPrice: company?.maxPrice == null ? "" : centsToText(Math.round(company.maxPrice * 100), lang),
    paymentMode: company?.paymentMode ?? "PAYROLL",
    leasingCompanyId: company?.leasingCompanyId ?? "",
    billingTableId: company?.billingTableId ?? "",
    vatPercent: percentToText(company?.vatPercent, lang),
    previousProvider: company?.previousProvider ?? "",
    unitNames: [],
    withAdmin: false,
    admin: { firstName: "", lastName: "", email: "", phoneNumber: "" },
  };
}

const orNull = (text: string) => text.trim() || null;

/** The request body of the values (create: with units and the first admin). */
export function companyBody(values: CompanyFormValues, read: Reader, create: boolean): TCreateCompany {
  const maxPriceCents = read.euros("maxPrice", values.maxPrice, false);
  const body: TCreateCompany = {
    name: read.text("name", values.name, true),
    businessId: values.businessId.trim(),
    vatPercent: read.percent("vatPercent", values.vatPercent, false),
    maxPrice: maxPriceCents == null ? null : maxPriceCents / 100,
    paymentMode: values.paymentMode,
    leasingCompanyId: values.leasingCompanyId || null,
    billingTableId: values.billingTableId || null,
    streetAddress: orNull(values.streetAddress),
    postalCode: orNull(values.postalCode),
    city: orNull(values.city),
    billingEmail: orNull(values.billingEmail),
    eInvoiceAddress: orNull(values.eInvoiceAddress),
    eInvoiceOperator: orNull(values.eInvoiceOperator),
    contactName: orNull(values.contactName),
    contactEmail: orNull(values.contactEmail),
    contactPhoneNumber: orNull(values.contactPhoneNumber),
    previousProvider: (values.previousProvider || null) as TCreateCompany["previousProvider"],
  };
  if (values.groupMode === "existing") {
    body.groupCompanyId = read.text("groupCompanyId", values.groupCompanyId, true) || null;
  } else if (values.groupMode === "new") {
    body.newGroupCompanyName = read.text("newGroupCompanyName", values.newGroupCompanyName, true);
  } else {
    body.groupCompanyId = null;
  }
  if (create) {
    const units = values.unitNames.map((u) => u.name.trim()).filter(Boolean);
    if (units.length > 0) body.unitNames = units;
    if (values.withAdmin) {
      body.admin = {
        firstName: read.text("admin.firstName", values.admin.firstName, true),
        lastName: read.text("admin.lastName", values.admin.lastName, true),
        email: read.text("admin.email", values.admin.email, true),
        phoneNumber: orNull(values.admin.phoneNumber),
      };
    }
  }
  return body;
}

/** The business ID's own text: required, then the check digit, checked as it is typed. */
function businessIdError(value: string, t: TFunction): string | null {
  const trimmed = value.trim();
  if (!trimmed) return t("forms.required");
  return isValidBusinessId(trimmed) ? null : t("adminCompanies.form.businessIdInvalid");
}

/** The contract's complaints at the form's own fields, worded for the admin. */
function issueText(issue: z.core.$ZodIssue, t: TFunction): string | undefined {
  const field = issue.path.map(String).join(".");
  if (field === "businessId") return t("adminCompanies.form.businessIdInvalid");
  if (field === "postalCode") return t("adminCompanies.form.postalCodeInvalid");
  if (field === "billingEmail" || field === "contactEmail" || field === "admin.email")
    return t("forms.emailInvalid");
  if ((field === "name" || field === "newGroupCompanyName") && issue.code === "too_small")
    return t("adminCompanies.form.nameTooShort");
  if (field === "maxPrice") return t("adminTaxTables.form.amountInvalid");
  return undefined;
}

/** Form paths of the body's paths: a unit's name is `unitNames.<i>.name` in the form. */
const formPath = (path: string) => (/^unitNames\.\d+$/.test(path) ? `${path}.name` : path);

const SERVER_FIELDS = [
  "name",
  "businessId",
  "groupCompanyId",
  "newGroupCompanyName",
  "vatPercent",
  "maxPrice",
  "paymentMode",
  "leasingCompanyId",
  "billingTableId",
  "streetAddress",
  "postalCode",
  "city",
  "billingEmail",
  "eInvoiceAddress",
  "eInvoiceOperator",
  "contactName",
  "contactEmail",
  "contactPhoneNumber",
  "previousProvider",
  "admin.firstName",
  "admin.lastName",
  "admin.email",
  "admin.phoneNumber",
];

/** The 409 codes of a save and the field each belongs to. */
const CONFLICT_FIELDS = {
  GROUP_COMPANY_EXISTS_ERROR: "newGroupCompanyName",
  BUSINESS_ID_TAKEN: "businessId",
  EMAIL_TAKEN: "admin.email",
} as const;

/** The form state of a company's fields, with its validation. */
export function useCompanyFormState(company: TCompanyDetails | null, create: boolean) {
  const { t } = useTranslation();
  const { lang } = useDisplay();
  const form = useForm<CompanyFormValues>({
    initialValues: initialValues(company, lang),
    validate: (values) => {
      const read = createReader(t);
      const body = companyBody(values, read, create);
      const errors: Record<string, string> = { ...read.errors };
      const idError = businessIdError(values.businessId, t);
      if (idError) errors.businessId = idError;
      if (Object.keys(errors).length > 0) return errors;
      const schema = create ? zCreateCompany : zUpdateCompany;
      const found = schemaErrors(schema, body, t, (issue) => issueText(issue, t));
      return Object.fromEntries(Object.entries(found).map(([path, text]) => [formPath(path), text]));
    },
  });
  return form;
}

export type CompanyForm = ReturnType<typeof useCompanyFormState>;

/** The fields of a company, in the order an admin fills them in. */
export function CompanyFields({ form, create }: { form: CompanyForm; create: boolean }) {
  const { t } = useTranslation();
  const groups = useGroupCompanyOptions();
  const leasingCompanies = useLeasingCompanyOptions();
  const billingTables = useBillingTables();
  const values = form.getValues();
  const businessId = form.getInputProps("businessId");

  return (
    <Stack gap="lg">
      <Fieldset legend={t("adminCompanies.form.basics")} variant="unstyled">
        <Stack gap="md">
          <TextInput label={t("adminCompanies.form.name")} required {...form.getInputProps("name")} />
          <TextInput
            label={t("adminCompanies.form.businessId")}
            description={t("adminCompanies.form.businessIdHelp")}
            required
            autoComplete="off"
            {...businessId}
            onChange={(event) => {
              const text = event.currentTarget.value;
              form.setFieldValue("businessId", text);
              // Checked as it is typed: once the ID has its full shape, say at once whether it holds.
              if (BUSINESS_ID_SHAPE.test(text.trim()))
                form.setFieldError("businessId", businessIdError(text, t));
              else form.clearFieldError("businessId");
            }}
            onBlur={() => form.validateField("businessId")}
          />
          <Radio.Group label={t("adminCompanies.form.group")} {...form.getInputProps("groupMode")}>
            <Stack gap="xs" mt="xs">
              <Radio value="none" label={t("adminCompanies.form.groupNone")} />
              <Radio value="existing" label={t("adminCompanies.form.groupExisting")} />
              <Radio value="new" label={t("adminCompanies.form.groupNew")} />
            </Stack>
          </Radio.Group>
          {values.groupMode === "existing" && (
            <NativeSelect
              label={t("adminCompanies.form.groupCompany")}
              required
              data={[
                { value: "", label: t("adminCompanies.form.choose") },
                ...(groups.data ?? []).map((g) => ({ value: g.groupCompanyId, label: g.name })),
              ]}
              {...form.getInputProps("groupCompanyId")}
            />
          )}
          {values.groupMode === "new" && (
            <TextInput
              label={t("adminCompanies.form.newGroupName")}
              required
              {...form.getInputProps("newGroupCompanyName")}
            />
          )}
        </Stack>
      </Fieldset>

      <Fieldset legend={t("adminCompanies.form.addressAndBilling")} variant="unstyled">
        <Stack gap="md">
          <TextInput
            label={t("adminCompanies.form.streetAddress")}
            autoComplete="street-address"
            {...form.getInputProps("streetAddress")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t("adminCompanies.form.postalCode")}
              inputMode="numeric"
              autoComplete="postal-code"
              {...form.getInputProps("postalCode")}
            />
            <TextInput label={t("adminCompanies.form.city")} {...form.getInputProps("city")} />
          </SimpleGrid>
          <TextInput
            label={t("adminCompanies.form.billingEmail")}
            type="email"
            {...form.getInputProps("billingEmail")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t("adminCompanies.form.eInvoiceAddress")}
              {...form.getInputProps("eInvoiceAddress")}
            />
            <TextInput
              label={t("adminCompanies.form.eInvoiceOperator")}
              {...form.getInputProps("eInvoiceOperator")}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>

      <Fieldset legend={t("adminCompanies.form.contact")} variant="unstyled">
        <Stack gap="md">
          <TextInput label={t("adminCompanies.form.contactName")} {...form.getInputProps("contactName")} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t("adminCompanies.form.contactEmail")}
              type="email"
              {...form.getInputProps("contactEmail")}
            />
            <TextInput
              label={t("adminCompanies.form.contactPhone")}
              type="tel"
              {...form.getInputProps("contactPhoneNumber")}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>

      <Fieldset legend={t("adminCompanies.form.terms")} variant="unstyled">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <EuroInput
              label={t("adminCompanies.form.maxPrice")}
              description={t("adminCompanies.form.maxPriceHelp")}
              {...form.getInputProps("maxPrice")}
            />
            <PercentField
              label={t("adminCompanies.form.vatPercent")}
              description={t("adminCompanies.form.vatHelp")}
              {...form.getInputProps("vatPercent")}
            />
          </SimpleGrid>
          <NativeSelect
            label={t("adminCompanies.form.paymentMode")}
            data={PAYMENT_MODES.map((mode) => ({ value: mode, label: t(PAYMENT_MODE_LABELS[mode]) }))}
            {...form.getInputProps("paymentMode")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NativeSelect
              label={t("adminCompanies.form.leasingCompany")}
              data={[
                { value: "", label: t("adminCompanies.form.none") },
                ...(leasingCompanies.data ?? []).map((c) => ({ value: c.id, label: c.companyName })),
              ]}
              {...form.getInputProps("leasingCompanyId")}
            />
            <NativeSelect
              label={t("adminCompanies.form.billingTable")}
              description={t("adminCompanies.form.billingTableHelp")}
              data={[
                { value: "", label: t("adminCompanies.form.defaultTable") },
                ...(billingTables.data ?? []).map((b) => ({ value: b.id, label: b.name })),
              ]}
              {...form.getInputProps("billingTableId")}
            />
          </SimpleGrid>
          <NativeSelect
            label={t("adminCompanies.form.previousProvider")}
            description={t("adminCompanies.form.previousProviderHelp")}
            data={[
              { value: "", label: t("adminCompanies.form.none") },
              ...PREVIOUS_PROVIDERS.map((name) => ({ value: name, label: name })),
            ]}
            {...form.getInputProps("previousProvider")}
          />
        </Stack>
      </Fieldset>

      {create && <UnitNameFields form={form} />}
      {create && <FirstAdminFields form={form} />}
    </Stack>
  );
}

/** The unit names created with the company: a small list that grows one row at a time. */
function UnitNameFields({ form }: { form: CompanyForm }) {
  const { t } = useTranslation();
  const units = form.getValues().unitNames;
  return (
    <Fieldset legend={t("adminCompanies.form.units")} variant="unstyled">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("adminCompanies.form.unitsHelp")}
        </Text>
        {units.map((unit, i) => (
          <Group key={unit.key} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t("adminCompanies.form.unitName", { n: i + 1 })}
              {...form.getInputProps(`unitNames.${i}.name`)}
            />
            <ActionIcon
              variant="default"
              size="lg"
              mb={2}
              aria-label={t("adminCompanies.form.removeUnit", { n: i + 1 })}
              onClick={() => form.removeListItem("unitNames", i)}
            >
              <CrossIcon size={16} />
            </ActionIcon>
          </Group>
        ))}
        <div>
          <Button
            variant="default"
            size="sm"
            onClick={() => form.insertListItem("unitNames", { key: randomId(), name: "" })}
          >
            {t("adminCompanies.form.addUnit")}
          </Button>
        </div>
      </Stack>
    </Fieldset>
  );
}

/** The company's first employer admin, who gets an e-mail with a link to set a password. */
function FirstAdminFields({ form }: { form: CompanyForm }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t("adminCompanies.form.firstAdmin")} variant="unstyled">
      <Stack gap="md">
        <Checkbox
          label={t("adminCompanies.form.withAdmin")}
          {...form.getInputProps("withAdmin", { type: "checkbox" })}
        />
        {form.getValues().withAdmin && (
          <>
            <Text size="sm" c="dimmed">
              {t("adminCompanies.form.adminMailNote")}
            </Text>
            <PersonNameFields
              firstName={form.getInputProps("admin.firstName")}
              lastName={form.getInputProps("admin.lastName")}
            />
            <TextInput
              label={t("forms.email")}
              type="email"
              required
              autoComplete="off"
              {...form.getInputProps("admin.email")}
            />
            <PhoneNumberInput required={false} {...form.getInputProps("admin.phoneNumber")} />
          </>
        )}
      </Stack>
    </Fieldset>
  );
}

/**
 * The whole form: create (Lisää yritys, with units and the first admin) or edit a company. The
 * server's refusals land at their fields (400 details, the 409 codes) and in the summary; anything
 * else shows above the fields.
 */
export function CompanyForm({
  company,
  onSaved,
  onCancel,
}: {
  company: TCompanyDetails | null;
  onSaved: (company: TCompanyDetails) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const create = company === null;
  const form = useCompanyFormState(company, create);
  const errorSummary = useFormErrorSummary(form);
  const createCall = useCreateCompany();
  const updateCall = useUpdateCompany(company?.companyId ?? "");
  const save = create ? createCall : updateCall;
  const failure = save.error;

  function submit(values: CompanyFormValues) {
    const body = companyBody(values, createReader(t), create);
    save.mutate(body, {
      onSuccess: onSaved,
      onError: (error) => {
        const fields = { ...serverFieldErrors(error, SERVER_FIELDS, t) };
        for (const [code, field] of Object.entries(CONFLICT_FIELDS)) {
          if (isConflict(error, code)) fields[field] = companyErrorText(error, t);
        }
        if (Object.keys(fields).length > 0) {
          form.setErrors(fields);
          errorSummary.show();
        }
      },
    });
  }

  // A refusal the fields explain needs no second message above them.
  const explained =
    failure instanceof ApiError &&
    (failure.status === 400 || Object.keys(CONFLICT_FIELDS).some((code) => isConflict(failure, code)));

  return (
    <form noValidate onSubmit={form.onSubmit(submit, errorSummary.onInvalid)}>
      <Stack gap="lg">
        {errorSummary.summary}
        {failure && !explained && (
          <Alert color="red" variant="light" title={t("adminCompanies.form.saveFailed")}>
            {companyErrorText(failure, t)}
          </Alert>
        )}
        <RequiredFieldsNote />
        <CompanyFields form={form} create={create} />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>
              {t("ds.confirm.cancel")}
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {create ? t("adminCompanies.form.create") : t("adminCompanies.form.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
