import {
  ActionIcon,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type TPayrollTemplate, zPayrollTemplate } from "../../../../contract/payroll-delivery.ts";
import { onFirstUse } from "../../../../domain/first-use.ts";
import {
  AMOUNT_KINDS,
  type AmountKind,
  DEFAULT_HEADERS,
  type FileEncoding,
  fieldsOfLayout,
  INCOME_TYPE_OF_KIND,
  presetTemplate,
  TEMPLATE_DATE_FORMATS,
  TEMPLATE_ENCODINGS,
  TEMPLATE_LAYOUTS,
  TEMPLATE_PRESETS,
  type TemplateField,
  type TemplateLayout,
  type TemplatePreset,
} from "../../../../domain/payroll/export-template.ts";
import { textLimitOf, tooLongText } from "../../../lib/contract-form.ts";

/**
 * The payroll file's template: a preset to start from, the columns in their order (up and down),
 * each column's header, the separators, the date format, the encoding, and in the per-kind layout the
 * company's own wage type code beside each kind's Incomes Register income type (which the tax rules
 * fix, so it is shown, not chosen). Controlled: the section keeps the value and saves it.
 */

/** A column's header and a wage code at their longest in the contract: a longer one says so at once. */
const headerMax = onFirstUse(() => textLimitOf(zPayrollTemplate, "columns.*.header"));
const wageCodeMax = onFirstUse(() => textLimitOf(zPayrollTemplate, "kinds.*.wageCode"));

const SEPARATOR_VALUES = { semicolon: ";", comma: ",", tab: "\t" } as const;
type SeparatorName = keyof typeof SEPARATOR_VALUES;
const separatorName = (value: string): SeparatorName =>
  (Object.entries(SEPARATOR_VALUES).find(([, v]) => v === value)?.[0] as SeparatorName) ?? "semicolon";

export function PayrollTemplateEditor({
  value,
  onChange,
}: {
  value: TPayrollTemplate;
  onChange: (next: TPayrollTemplate) => void;
}) {
  const { t } = useTranslation();
  const fieldLabel: Record<TemplateField, string> = {
    employeeNumber: t("employerSettings.payrollDelivery.template.fields.employeeNumber"),
    lastName: t("employerSettings.payrollDelivery.template.fields.lastName"),
    firstName: t("employerSettings.payrollDelivery.template.fields.firstName"),
    costUnit: t("employerSettings.payrollDelivery.template.fields.costUnit"),
    payRollOther: t("employerSettings.payrollDelivery.template.fields.payRollOther"),
    unitName: t("employerSettings.payrollDelivery.template.fields.unitName"),
    orderNumber: t("employerSettings.payrollDelivery.template.fields.orderNumber"),
    period: t("employerSettings.payrollDelivery.template.fields.period"),
    taxFreeUntil: t("employerSettings.payrollDelivery.template.fields.taxFreeUntil"),
    employmentEndsOn: t("employerSettings.payrollDelivery.template.fields.employmentEndsOn"),
    change: t("employerSettings.payrollDelivery.template.fields.change"),
    monthlyPayment: t("employerSettings.payrollDelivery.template.fields.monthlyPayment"),
    grossDeduction: t("employerSettings.payrollDelivery.template.fields.grossDeduction"),
    taxFree: t("employerSettings.payrollDelivery.template.fields.taxFree"),
    taxable: t("employerSettings.payrollDelivery.template.fields.taxable"),
    ownPayment: t("employerSettings.payrollDelivery.template.fields.ownPayment"),
    netDeduction: t("employerSettings.payrollDelivery.template.fields.netDeduction"),
    deferred: t("employerSettings.payrollDelivery.template.fields.deferred"),
    catchUp: t("employerSettings.payrollDelivery.template.fields.catchUp"),
    kind: t("employerSettings.payrollDelivery.template.fields.kind"),
    incomeType: t("employerSettings.payrollDelivery.template.fields.incomeType"),
    wageCode: t("employerSettings.payrollDelivery.template.fields.wageCode"),
    amount: t("employerSettings.payrollDelivery.template.fields.amount"),
  };
  const presetLabel: Record<TemplatePreset, string> = {
    GENERIC_CSV: t("employerSettings.payrollDelivery.template.presets.GENERIC_CSV"),
    EXCEL: t("employerSettings.payrollDelivery.template.presets.EXCEL"),
  };
  const layoutLabel: Record<TemplateLayout, string> = {
    ROW: t("employerSettings.payrollDelivery.template.layouts.ROW"),
    PER_KIND: t("employerSettings.payrollDelivery.template.layouts.PER_KIND"),
  };
  const separatorLabel: Record<SeparatorName, string> = {
    semicolon: t("employerSettings.payrollDelivery.template.separators.semicolon"),
    comma: t("employerSettings.payrollDelivery.template.separators.comma"),
    tab: t("employerSettings.payrollDelivery.template.separators.tab"),
  };
  const encodingLabel: Record<FileEncoding, string> = {
    UTF8: t("employerSettings.payrollDelivery.template.encodings.UTF8"),
    UTF8_BOM: t("employerSettings.payrollDelivery.template.encodings.UTF8_BOM"),
    WINDOWS_1252: t("employerSettings.payrollDelivery.template.encodings.WINDOWS_1252"),
  };
  const kindLabel: Record<AmountKind, string> = {
    TAX_FREE: t("employerSettings.payrollDelivery.template.kindNames.TAX_FREE"),
    TAXABLE: t("employerSettings.payrollDelivery.template.kindNames.TAXABLE"),
    OWN_PAYMENT: t("employerSettings.payrollDelivery.template.kindNames.OWN_PAYMENT"),
    GROSS_DEDUCTION: t("employerSettings.payrollDelivery.template.kindNames.GROSS_DEDUCTION"),
    NET_DEDUCTION: t("employerSettings.payrollDelivery.template.kindNames.NET_DEDUCTION"),
  };
  const change = (patch: Partial<TPayrollTemplate>) => onChange({ ...value, ...patch, preset: null });
  const used = new Set(value.columns.map((c) => c.field));
  const available = fieldsOfLayout(value.layout).filter((field) => !used.has(field));

  function move(index: number, by: -1 | 1) {
    const columns = [...value.columns];
    const [column] = columns.splice(index, 1);
    if (column) columns.splice(index + by, 0, column);
    change({ columns });
  }

  return (
    <Stack gap="sm">
      <Group grow align="flex-end">
        <Select
          label={t("employerSettings.payrollDelivery.template.preset")}
          data={TEMPLATE_PRESETS.map((p) => ({ value: p, label: presetLabel[p] }))}
          value={value.preset}
          placeholder={t("employerSettings.payrollDelivery.template.custom")}
          onChange={(preset) =>
            preset && onChange(presetTemplate(preset as (typeof TEMPLATE_PRESETS)[number]))
          }
        />
        <Select
          label={t("employerSettings.payrollDelivery.template.layout")}
          data={TEMPLATE_LAYOUTS.map((l) => ({ value: l, label: layoutLabel[l] }))}
          value={value.layout}
          allowDeselect={false}
          onChange={(layout) => {
            const next = layout as TPayrollTemplate["layout"];
            const allowed = new Set(fieldsOfLayout(next));
            change({ layout: next, columns: value.columns.filter((c) => allowed.has(c.field)) });
          }}
        />
      </Group>
      <Table aria-label={t("employerSettings.payrollDelivery.template.columns")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("employerSettings.payrollDelivery.template.column")}</Table.Th>
            <Table.Th>{t("employerSettings.payrollDelivery.template.header")}</Table.Th>
            <Table.Th>{t("employerSettings.payrollDelivery.template.order")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {value.columns.map((column, index) => (
            <Table.Tr key={column.field}>
              <Table.Td>{fieldLabel[column.field]}</Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={`${t("employerSettings.payrollDelivery.template.header")}: ${fieldLabel[column.field]}`}
                  value={column.header}
                  error={tooLongText(column.header, headerMax(), t)}
                  disabled={!value.includeHeader}
                  onChange={(event) =>
                    change({
                      columns: value.columns.map((c, i) =>
                        i === index ? { ...c, header: event.currentTarget.value } : c,
                      ),
                    })
                  }
                />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="default"
                    aria-label={`${t("employerSettings.payrollDelivery.template.up")}: ${fieldLabel[column.field]}`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    aria-label={`${t("employerSettings.payrollDelivery.template.down")}: ${fieldLabel[column.field]}`}
                    disabled={index === value.columns.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    color="red"
                    aria-label={`${t("employerSettings.payrollDelivery.template.remove")}: ${fieldLabel[column.field]}`}
                    disabled={value.columns.length === 1}
                    onClick={() => change({ columns: value.columns.filter((_, i) => i !== index) })}
                  >
                    ×
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {available.length > 0 && (
        <Select
          label={t("employerSettings.payrollDelivery.template.addColumn")}
          placeholder={t("employerSettings.payrollDelivery.template.addColumnPlaceholder")}
          data={available.map((field) => ({ value: field, label: fieldLabel[field] }))}
          value={null}
          onChange={(field) =>
            field &&
            change({
              columns: [
                ...value.columns,
                { field: field as TemplateField, header: DEFAULT_HEADERS[field as TemplateField] },
              ],
            })
          }
        />
      )}
      <Checkbox
        label={t("employerSettings.payrollDelivery.template.includeHeader")}
        checked={value.includeHeader}
        onChange={(event) => change({ includeHeader: event.currentTarget.checked })}
      />
      {/* Four on a row only where each has room for its label and value; one under another on a phone. */}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
        <Select
          label={t("employerSettings.payrollDelivery.template.fieldSeparator")}
          data={(Object.keys(SEPARATOR_VALUES) as SeparatorName[]).map((name) => ({
            value: name,
            label: separatorLabel[name],
          }))}
          value={separatorName(value.fieldSeparator)}
          allowDeselect={false}
          onChange={(name) => name && change({ fieldSeparator: SEPARATOR_VALUES[name as SeparatorName] })}
        />
        <Select
          label={t("employerSettings.payrollDelivery.template.decimalSeparator")}
          data={[
            { value: ",", label: t("employerSettings.payrollDelivery.template.decimal.comma") },
            { value: ".", label: t("employerSettings.payrollDelivery.template.decimal.point") },
          ]}
          value={value.decimalSeparator}
          allowDeselect={false}
          onChange={(d) => d && change({ decimalSeparator: d as TPayrollTemplate["decimalSeparator"] })}
        />
        <Select
          label={t("employerSettings.payrollDelivery.template.dateFormat")}
          data={[...TEMPLATE_DATE_FORMATS]}
          value={value.dateFormat}
          allowDeselect={false}
          onChange={(d) => d && change({ dateFormat: d as TPayrollTemplate["dateFormat"] })}
        />
        <Select
          label={t("employerSettings.payrollDelivery.template.encoding")}
          data={TEMPLATE_ENCODINGS.map((e) => ({ value: e, label: encodingLabel[e] }))}
          value={value.encoding}
          allowDeselect={false}
          onChange={(e) => e && change({ encoding: e as TPayrollTemplate["encoding"] })}
        />
      </SimpleGrid>
      {value.fieldSeparator === value.decimalSeparator && (
        <Text size="sm" c="red" role="alert">
          {t("employerSettings.payrollDelivery.template.sameSeparators")}
        </Text>
      )}
      {value.layout === "PER_KIND" && (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t("employerSettings.payrollDelivery.template.kinds")}
          </Text>
          <Text size="sm" c="dimmed">
            {t("employerSettings.payrollDelivery.template.kindsHelp")}
          </Text>
          {AMOUNT_KINDS.map((kind) => {
            const chosen = value.kinds.find((item) => item.kind === kind);
            const incomeType = INCOME_TYPE_OF_KIND[kind];
            return (
              <Group key={kind} align="flex-end" wrap="nowrap">
                <Checkbox
                  label={`${kindLabel[kind]} (${incomeType ? `${t("employerSettings.payrollDelivery.template.incomeType")} ${incomeType}` : t("employerSettings.payrollDelivery.template.noIncomeType")})`}
                  checked={chosen !== undefined}
                  onChange={(event) =>
                    change({
                      kinds: event.currentTarget.checked
                        ? [...value.kinds, { kind, wageCode: incomeType ? String(incomeType) : "" }]
                        : value.kinds.filter((item) => item.kind !== kind),
                    })
                  }
                />
                {chosen && (
                  <TextInput
                    aria-label={`${t("employerSettings.payrollDelivery.template.wageCode")}: ${kindLabel[kind]}`}
                    placeholder={t("employerSettings.payrollDelivery.template.wageCode")}
                    value={chosen.wageCode}
                    error={tooLongText(chosen.wageCode, wageCodeMax(), t)}
                    onChange={(event) =>
                      change({
                        kinds: value.kinds.map((item) =>
                          item.kind === kind ? { ...item, wageCode: event.currentTarget.value } : item,
                        ),
                      })
                    }
                  />
                )}
              </Group>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
