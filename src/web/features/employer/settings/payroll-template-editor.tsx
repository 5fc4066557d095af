import { ActionIcon, Checkbox, Group, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TPayrollTemplate } from "../../../../contract/payroll-delivery.ts";
import {
  AMOUNT_KINDS,
  DEFAULT_HEADERS,
  fieldsOfLayout,
  INCOME_TYPE_OF_KIND,
  presetTemplate,
  TEMPLATE_DATE_FORMATS,
  TEMPLATE_ENCODINGS,
  TEMPLATE_LAYOUTS,
  TEMPLATE_PRESETS,
  type TemplateField,
} from "../../../../domain/payroll/export-template.ts";

/**
 * The payroll file's template: a preset to start from, the columns in their order (up and down),
 * each column's header, the separators, the date format, the encoding, and in the per-kind layout the
 * company's own wage type code beside each kind's Incomes Register income type (which the tax rules
 * fix, so it is shown, not chosen). Controlled: the section keeps the value and saves it.
 */

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
  const k = (key: string) => t(`employerSettings.payrollDelivery.template.${key}`);
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
          label={k("preset")}
          data={TEMPLATE_PRESETS.map((p) => ({ value: p, label: k(`presets.${p}`) }))}
          value={value.preset}
          placeholder={k("custom")}
          onChange={(preset) =>
            preset && onChange(presetTemplate(preset as (typeof TEMPLATE_PRESETS)[number]))
          }
        />
        <Select
          label={k("layout")}
          data={TEMPLATE_LAYOUTS.map((l) => ({ value: l, label: k(`layouts.${l}`) }))}
          value={value.layout}
          allowDeselect={false}
          onChange={(layout) => {
            const next = layout as TPayrollTemplate["layout"];
            const allowed = new Set(fieldsOfLayout(next));
            change({ layout: next, columns: value.columns.filter((c) => allowed.has(c.field)) });
          }}
        />
      </Group>
      <Table aria-label={k("columns")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{k("column")}</Table.Th>
            <Table.Th>{k("header")}</Table.Th>
            <Table.Th>{k("order")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {value.columns.map((column, index) => (
            <Table.Tr key={column.field}>
              <Table.Td>{k(`fields.${column.field}`)}</Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={`${k("header")}: ${k(`fields.${column.field}`)}`}
                  value={column.header}
                  maxLength={60}
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
                    aria-label={`${k("up")}: ${k(`fields.${column.field}`)}`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    aria-label={`${k("down")}: ${k(`fields.${column.field}`)}`}
                    disabled={index === value.columns.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    color="red"
                    aria-label={`${k("remove")}: ${k(`fields.${column.field}`)}`}
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
          label={k("addColumn")}
          placeholder={k("addColumnPlaceholder")}
          data={available.map((field) => ({ value: field, label: k(`fields.${field}`) }))}
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
        label={k("includeHeader")}
        checked={value.includeHeader}
        onChange={(event) => change({ includeHeader: event.currentTarget.checked })}
      />
      <Group grow align="flex-end">
        <Select
          label={k("fieldSeparator")}
          data={(Object.keys(SEPARATOR_VALUES) as SeparatorName[]).map((name) => ({
            value: name,
            label: k(`separators.${name}`),
          }))}
          value={separatorName(value.fieldSeparator)}
          allowDeselect={false}
          onChange={(name) => name && change({ fieldSeparator: SEPARATOR_VALUES[name as SeparatorName] })}
        />
        <Select
          label={k("decimalSeparator")}
          data={[
            { value: ",", label: k("decimal.comma") },
            { value: ".", label: k("decimal.point") },
          ]}
          value={value.decimalSeparator}
          allowDeselect={false}
          onChange={(d) => d && change({ decimalSeparator: d as TPayrollTemplate["decimalSeparator"] })}
        />
        <Select
          label={k("dateFormat")}
          data={[...TEMPLATE_DATE_FORMATS]}
          value={value.dateFormat}
          allowDeselect={false}
          onChange={(d) => d && change({ dateFormat: d as TPayrollTemplate["dateFormat"] })}
        />
        <Select
          label={k("encoding")}
          data={TEMPLATE_ENCODINGS.map((e) => ({ value: e, label: k(`encodings.${e}`) }))}
          value={value.encoding}
          allowDeselect={false}
          onChange={(e) => e && change({ encoding: e as TPayrollTemplate["encoding"] })}
        />
      </Group>
      {value.fieldSeparator === value.decimalSeparator && (
        <Text size="sm" c="red" role="alert">
          {k("sameSeparators")}
        </Text>
      )}
      {value.layout === "PER_KIND" && (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {k("kinds")}
          </Text>
          <Text size="sm" c="dimmed">
            {k("kindsHelp")}
          </Text>
          {AMOUNT_KINDS.map((kind) => {
            const chosen = value.kinds.find((item) => item.kind === kind);
            const incomeType = INCOME_TYPE_OF_KIND[kind];
            return (
              <Group key={kind} align="flex-end" wrap="nowrap">
                <Checkbox
                  label={`${k(`kindNames.${kind}`)} (${incomeType ? `${k("incomeType")} ${incomeType}` : k("noIncomeType")})`}
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
                    aria-label={`${k("wageCode")}: ${k(`kindNames.${kind}`)}`}
                    placeholder={k("wageCode")}
                    value={chosen.wageCode}
                    maxLength={20}
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
