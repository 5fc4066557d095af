import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import type { TPackageItem, TPackageItemInput } from "../../../contract/store-links.ts";
import { type Language, ORDER_ITEM_TYPES, type OrderItemType } from "../../../domain/enums.ts";
import { parseEuroInput } from "../../../domain/money.ts";
import {
  PACKAGE_MAX_CENTS,
  PACKAGE_MAX_LINES,
  PACKAGE_MAX_QUANTITY,
  packageExcessCents,
  packageTotalCents,
} from "../../../domain/order-package.ts";
import { EuroInput } from "../../components/euro-input.tsx";
import { RequiredFieldsNote } from "../../components/field-label.tsx";
import { useFormErrorSummary } from "../../components/form-error-summary.tsx";
import { currentLanguage } from "../../i18n/i18n.ts";
import { ApiError } from "../../lib/api-client.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { formatEuroInput, formatMoney } from "../../lib/formatters.ts";
import { itemTypeLabels } from "./store-link-common.tsx";
import { type TStorePackage, type TStorePackageInput, useSavePackage } from "./store-links-api.ts";

/** One line as the form holds it: amounts as typed (euros with a comma), numbers as text. */
export type LineValues = {
  key: string;
  itemType: OrderItemType;
  name: string;
  brand: string;
  model: string;
  modelYear: string;
  frameSize: string;
  color: string;
  quantity: string;
  unitPrice: string;
  discount: string;
};

export type PackageValues = { bikeStoreOrderNumber: string; items: LineValues[] };

const LINE_FIELDS = [
  "itemType",
  "name",
  "brand",
  "model",
  "modelYear",
  "frameSize",
  "color",
  "quantity",
  "unitPrice",
  "discount",
] as const;

/** A line's React key: lines are added and removed, so their index is not one. */
const newKey = () => crypto.randomUUID();

/** Cents as the form shows them ("1234,50"), empty for none. */
const centsToInput = (cents: number, language: Language) => (cents ? formatEuroInput(cents, language) : "");

export function emptyLine(itemType: OrderItemType = "ACCESSORY"): LineValues {
  return {
    key: newKey(),
    itemType,
    name: "",
    brand: "",
    model: "",
    modelYear: "",
    frameSize: "",
    color: "",
    quantity: "1",
    unitPrice: "",
    discount: "",
  };
}

function lineFromItem(item: TPackageItem, language: Language): LineValues {
  return {
    key: newKey(),
    itemType: item.itemType,
    name: item.name,
    brand: item.brand ?? "",
    model: item.model ?? "",
    modelYear: item.modelYear === null ? "" : String(item.modelYear),
    frameSize: item.frameSize ?? "",
    color: item.color ?? "",
    quantity: String(item.quantity),
    unitPrice: centsToInput(item.unitPriceCents, language),
    discount: centsToInput(item.discountCents, language),
  };
}

/**
 * Euros as typed to cents; null when it is not an amount of 0–100 000 € with at most two decimals: the
 * store copies a price off its own receipt, so a third decimal is a typo, not a rounding.
 */
function parseEuros(text: string): number | null {
  return /[.,]\d{3}/.test(text) ? null : parseEuroInput(text, { max: PACKAGE_MAX_CENTS });
}

function parseWhole(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}

/** A line's amounts as far as they are valid (0 for what is not), for the running total. */
function lineAmounts(line: LineValues) {
  return {
    unitPriceCents: parseEuros(line.unitPrice) ?? 0,
    quantity: parseWhole(line.quantity, 1, PACKAGE_MAX_QUANTITY) ?? 0,
    discountCents: parseEuros(line.discount) ?? 0,
  };
}

export function runningTotalCents(lines: readonly LineValues[]): number {
  return packageTotalCents(
    lines
      .map(lineAmounts)
      .map((l) => ({ ...l, discountCents: Math.min(l.discountCents, l.unitPriceCents * l.quantity) })),
  );
}

/** The request the (validated) values make; empty optional fields are left out. */
export function packageBody(values: PackageValues): TStorePackageInput {
  const orderNumber = values.bikeStoreOrderNumber.trim();
  const optional = (text: string) => text.trim() || null;
  return {
    bikeStoreOrderNumber: orderNumber || null,
    items: values.items.map(
      (line): TPackageItemInput => ({
        itemType: line.itemType,
        name: line.name.trim(),
        brand: optional(line.brand),
        model: optional(line.model),
        modelYear: line.modelYear.trim() ? Number(line.modelYear.trim()) : null,
        frameSize: optional(line.frameSize),
        color: optional(line.color),
        quantity: Number(line.quantity.trim()),
        unitPriceCents: parseEuros(line.unitPrice) ?? 0,
        discountCents: parseEuros(line.discount) ?? 0,
      }),
    ),
  };
}

const indexOf = (path: string) => Number(path.split(".")[1]);

/**
 * The store's package form: editable lines with a running total, the store's own
 * order number, and a note when the total goes over the employee's max price (the employee then pays
 * the difference as a user payment). PUT /api/store-links/package/{token}.
 */
export function PackageForm({
  token,
  current,
  onSaved,
  onCancel,
}: {
  token: string;
  current: TStorePackage;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const save = useSavePackage(token);
  const required = (value: string) => (value.trim() ? null : t("storeLinks.form.required"));
  const form = useForm<PackageValues>({
    initialValues: {
      bikeStoreOrderNumber: current.bikeStoreOrderNumber ?? "",
      items:
        current.items.length > 0 ? current.items.map((item) => lineFromItem(item, lng)) : [emptyLine("BIKE")],
    },
    validate: {
      bikeStoreOrderNumber: (value) =>
        value.trim().length > 50 ? t("storeLinks.form.tooLong", { max: 50 }) : null,
      items: {
        itemType: (_value, values, path) =>
          indexOf(path) === 0 && !values.items.some((line) => line.itemType === "BIKE")
            ? t("storeLinks.form.bikeRequired")
            : null,
        name: (value) =>
          required(value) ?? (value.trim().length > 200 ? t("storeLinks.form.tooLong", { max: 200 }) : null),
        modelYear: (value) =>
          !value.trim() || parseWhole(value, 1950, 2100) !== null ? null : t("storeLinks.form.yearInvalid"),
        quantity: (value) =>
          parseWhole(value, 1, PACKAGE_MAX_QUANTITY) !== null
            ? null
            : t("storeLinks.form.quantityInvalid", { max: PACKAGE_MAX_QUANTITY }),
        unitPrice: (value) =>
          required(value) ?? (parseEuros(value) === null ? t("storeLinks.form.amountInvalid") : null),
        discount: (value, values, path) => {
          if (!value.trim()) return null;
          const discount = parseEuros(value);
          if (discount === null) return t("storeLinks.form.amountInvalid");
          const line = values.items[indexOf(path)];
          const amounts = line ? lineAmounts(line) : null;
          return amounts && discount > amounts.unitPriceCents * Math.max(amounts.quantity, 1)
            ? t("storeLinks.form.discountTooLarge")
            : null;
        },
      },
    },
  });
  const errorSummary = useFormErrorSummary(form);
  const lines = form.getValues().items;
  const total = runningTotalCents(lines);
  const excess = packageExcessCents(total, current.maxPriceCents);

  const submit = (values: PackageValues) => {
    save.mutate(packageBody(values), {
      onSuccess: onSaved,
      onError: (error) => {
        const paths = [
          "bikeStoreOrderNumber",
          ...values.items.flatMap((_l, i) => LINE_FIELDS.map((f) => `items.${i}.${f}`)),
        ];
        const fields = serverFieldErrors(error, paths, t("storeLinks.form.checkField"));
        if (Object.keys(fields).length > 0) {
          form.setErrors(fields);
          errorSummary.show();
        }
      },
    });
  };

  const typeLabels = itemTypeLabels(t);
  const typeOptions = ORDER_ITEM_TYPES.map((type) => ({ value: type, label: typeLabels[type] }));

  return (
    <form
      noValidate
      aria-label={t("storeLinks.package.formLabel")}
      onSubmit={form.onSubmit(submit, errorSummary.onInvalid)}
    >
      <Stack gap="md">
        {errorSummary.summary}
        <RequiredFieldsNote />
        {lines.map((line, index) => (
          <Paper
            key={line.key}
            withBorder
            radius="md"
            p="md"
            component="fieldset"
            style={{ margin: 0 }}
            // The heading shares its row with the remove button, so it names the group by reference
            // rather than as a legend (which must be the fieldset's first child).
            aria-labelledby={`package-line-${line.key}`}
          >
            <Stack gap="sm">
              <Group justify="space-between" align="center">
                <Title order={3} size="h5" id={`package-line-${line.key}`}>
                  {t("storeLinks.line.heading", { number: index + 1 })}
                </Title>
                {lines.length > 1 && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    onClick={() => form.removeListItem("items", index)}
                    aria-label={t("storeLinks.line.removeLabel", { number: index + 1 })}
                  >
                    {t("storeLinks.line.remove")}
                  </Button>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <Select
                  label={t("storeLinks.line.type")}
                  data={typeOptions}
                  allowDeselect={false}
                  required
                  {...form.getInputProps(`items.${index}.itemType`)}
                />
                <TextInput
                  label={t("storeLinks.line.name")}
                  required
                  maxLength={200}
                  style={{ gridColumn: "span 2" }}
                  {...form.getInputProps(`items.${index}.name`)}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
                <TextInput
                  label={t("storeLinks.line.brand")}
                  maxLength={100}
                  {...form.getInputProps(`items.${index}.brand`)}
                />
                <TextInput
                  label={t("storeLinks.line.model")}
                  maxLength={100}
                  {...form.getInputProps(`items.${index}.model`)}
                />
                <TextInput
                  label={t("storeLinks.line.modelYear")}
                  inputMode="numeric"
                  maxLength={4}
                  {...form.getInputProps(`items.${index}.modelYear`)}
                />
                <TextInput
                  label={t("storeLinks.line.frameSize")}
                  maxLength={40}
                  {...form.getInputProps(`items.${index}.frameSize`)}
                />
                <TextInput
                  label={t("storeLinks.line.color")}
                  maxLength={60}
                  {...form.getInputProps(`items.${index}.color`)}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <TextInput
                  label={t("storeLinks.line.quantity")}
                  inputMode="numeric"
                  required
                  {...form.getInputProps(`items.${index}.quantity`)}
                />
                <EuroInput
                  euroInLabel
                  label={t("storeLinks.line.unitPriceEuros")}
                  description={t("storeLinks.line.amountHelp")}
                  required
                  {...form.getInputProps(`items.${index}.unitPrice`)}
                />
                <EuroInput
                  euroInLabel
                  label={t("storeLinks.line.discountEuros")}
                  description={t("storeLinks.line.discountHelp")}
                  {...form.getInputProps(`items.${index}.discount`)}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        ))}
        <Group>
          <Button
            variant="default"
            onClick={() => form.insertListItem("items", emptyLine())}
            disabled={lines.length >= PACKAGE_MAX_LINES}
          >
            {t("storeLinks.line.add")}
          </Button>
        </Group>
        <Paper withBorder radius="md" p="md" aria-live="polite">
          <Group justify="space-between">
            <Text fw={600}>{t("storeLinks.package.total")}</Text>
            <Text fw={700} style={{ fontVariantNumeric: "tabular-nums" }} data-testid="package-total">
              {formatMoney(total, lng)}
            </Text>
          </Group>
          {current.maxPriceCents !== null && (
            <Text size="sm" c="dimmed" mt={4}>
              {t("storeLinks.package.maxPriceLine", { amount: formatMoney(current.maxPriceCents, lng) })}
            </Text>
          )}
        </Paper>
        {excess > 0 && (
          <Alert color="yellow" variant="light" title={t("storeLinks.package.overMaxTitle")}>
            {t("storeLinks.package.overMax", {
              excess: formatMoney(excess, lng),
              max: formatMoney(current.maxPriceCents ?? 0, lng),
            })}
          </Alert>
        )}
        <TextInput
          label={t("storeLinks.package.storeOrderNumber")}
          description={t("storeLinks.package.storeOrderNumberHelp")}
          maxLength={50}
          maw={320}
          {...form.getInputProps("bikeStoreOrderNumber")}
        />
        {save.isError && (
          <Alert color="red" variant="light" title={t("forms.errorTitle")}>
            {formErrorMessage(save.error, t)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t("storeLinks.package.save")}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t("storeLinks.package.cancelEdit")}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The fields the server refused, on the form's paths: `body.items.0.unitPriceCents` is the form's
 * `items.0.unitPrice` (the server names amounts in cents, the form the euros typed).
 */
function serverFieldErrors(error: unknown, paths: readonly string[], text: string): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const detail of error.details) {
    const path = detail.field
      .replace(/^body\./, "")
      .replace(/\.unitPriceCents$/, ".unitPrice")
      .replace(/\.discountCents$/, ".discount");
    if (paths.includes(path)) out[path] = text;
  }
  return out;
}
