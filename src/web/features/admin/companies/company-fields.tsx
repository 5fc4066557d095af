import {
  ActionIcon,
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
import { randomId } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { PAYMENT_MODES, PREVIOUS_PROVIDERS } from "../../../../domain/enums.ts";
import { EuroInput } from "../../../components/euro-input.tsx";
import { CrossIcon } from "../../../components/icons.tsx";
import { PersonNameFields } from "../../../components/person-name-fields.tsx";
import { PhoneNumberInput } from "../../../components/phone-number-input.tsx";
import { MaxPriceWarning } from "../../companies/index.ts";
import { useLeasingCompanyOptions } from "../leasing-companies/leasing-companies-api.ts";
import { useBillingTables } from "../tax-tables/billing-tables-api.ts";
import { PercentField } from "../tax-tables/fields.tsx";
import { useGroupCompanyOptions } from "./companies-api.ts";
import { BUSINESS_ID_SHAPE, businessIdError, type CompanyForm } from "./company-form-state.ts";
import { PAYMENT_MODE_LABELS } from "./company-messages.ts";

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
              description={t("adminCompanies.form.eInvoiceAddressHint")}
              {...form.getInputProps("eInvoiceAddress")}
            />
            <TextInput
              label={t("adminCompanies.form.eInvoiceOperator")}
              description={t("adminCompanies.form.eInvoiceOperatorHint")}
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
            <Stack gap="xs">
              <EuroInput
                label={t("adminCompanies.form.maxPrice")}
                description={t("adminCompanies.form.maxPriceHelp")}
                {...form.getInputProps("maxPrice")}
              />
              <MaxPriceWarning typed={form.values.maxPrice} />
            </Stack>
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
