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
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { zStorePackageInput } from "../../../contract/store-links.ts";
import { ORDER_ITEM_TYPES } from "../../../domain/enums.ts";
import { onFirstUse } from "../../../domain/first-use.ts";
import { MODEL_YEAR_MAX, MODEL_YEAR_MIN } from "../../../domain/model-year.ts";
import {
  PACKAGE_MAX_LINES,
  PACKAGE_MAX_QUANTITY,
  packageExcessCents,
} from "../../../domain/order-package.ts";
import { EuroInput } from "../../components/euro-input.tsx";
import { RequiredFieldsNote } from "../../components/field-label.tsx";
import { useFormErrorSummary } from "../../components/form-error-summary.tsx";
import { currentLanguage } from "../../i18n/i18n.ts";
import { type FormErrors, schemaTextLimits, tooLongText, useContractForm } from "../../lib/contract-form.ts";
import { mutateThen } from "../../lib/endpoint-client.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { money } from "../../lib/money.ts";
import {
  emptyLine,
  type LineValues,
  lineAmounts,
  lineFromItem,
  type PackageValues,
  packageBody,
  parseEuros,
  parseWhole,
  runningTotalCents,
} from "./package-values.ts";
import { itemTypeLabels } from "./store-link-common.tsx";
import type { TStorePackage, TStorePackageInput } from "./store-links-api.ts";

export type PackageSave = {
  mutateAsync: (body: TStorePackageInput) => Promise<unknown>;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
};

/** The longest texts the contract takes, by the form's paths (`items.*.name`); the form's fields are named alike. */
const limits = onFirstUse(() => schemaTextLimits(zStorePackageInput));
const limitOf = (path: string) => {
  const max = limits()[path];
  if (max === undefined) throw new Error(`The package's contract sets no longest ${path}`);
  return max;
};

/**
 * The server names a line's amounts in cents (`items.0.unitPriceCents`), the form the euros typed; what
 * the contract says of the lines together (one of them the bike) stands at the first line's type.
 */
const FIELD_OF = (path: string) =>
  /\.(unitPrice|discount)Cents$/.test(path)
    ? path.replace(/Cents$/, "")
    : path === "items"
      ? "items.0.itemType"
      : undefined;

/**
 * The store's package form: editable lines with a running total, the store's own
 * order number, and a note when the total goes over the employee's max price (the employee then pays
 * the difference as a user payment). Such a package is sent only after the store has seen the max price
 * and the difference once more and chosen to send it. The link's page and the store account's order
 * both use it.
 */
export function PackageForm({
  save,
  current,
  onSaved,
  onCancel,
}: {
  /** How the form saves: the link's call by its token, or the store account's by the order. */
  save: PackageSave;
  current: Pick<TStorePackage, "bikeStoreOrderNumber" | "items" | "maxPriceCents">;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const required = (value: string) => (value.trim() ? null : t("storeLinks.form.required"));
  const atMost = (path: string) => (value: string) => tooLongText(value, limitOf(path), t);
  // A line's discount: an amount, at most the line's price.
  const discountError = (line: LineValues) => {
    if (!line.discount.trim()) return null;
    const discount = parseEuros(line.discount);
    if (discount === null) return t("storeLinks.form.amountInvalid");
    const amounts = lineAmounts(line);
    return discount > amounts.unitPriceCents * Math.max(amounts.quantity, 1)
      ? t("storeLinks.form.discountTooLarge")
      : null;
  };
  // The lines' own checks: each says its rule in the store's words (the running total and the
  // discount check a line as it is typed), before the contract's schema would say less.
  const lineRules = (values: PackageValues): FormErrors => {
    const errors: FormErrors = {
      bikeStoreOrderNumber: atMost("bikeStoreOrderNumber")(values.bikeStoreOrderNumber),
    };
    if (!values.items.some((line) => line.itemType === "BIKE")) {
      errors["items.0.itemType"] = t("storeLinks.form.bikeRequired");
    }
    values.items.forEach((line, index) => {
      const at = (field: keyof LineValues, text: string | null) => {
        if (text) errors[`items.${index}.${field}`] = text;
      };
      at("name", required(line.name) ?? atMost("items.*.name")(line.name));
      at("brand", atMost("items.*.brand")(line.brand));
      at("model", atMost("items.*.model")(line.model));
      at("frameSize", atMost("items.*.frameSize")(line.frameSize));
      at("color", atMost("items.*.color")(line.color));
      at(
        "modelYear",
        !line.modelYear.trim() || parseWhole(line.modelYear, MODEL_YEAR_MIN, MODEL_YEAR_MAX) !== null
          ? null
          : t("storeLinks.form.yearInvalid", { min: MODEL_YEAR_MIN, max: MODEL_YEAR_MAX }),
      );
      at(
        "quantity",
        parseWhole(line.quantity, 1, PACKAGE_MAX_QUANTITY) !== null
          ? null
          : t("storeLinks.form.quantityInvalid", { max: PACKAGE_MAX_QUANTITY }),
      );
      at(
        "unitPrice",
        required(line.unitPrice) ??
          (parseEuros(line.unitPrice) === null ? t("storeLinks.form.amountInvalid") : null),
      );
      at("discount", discountError(line));
    });
    return errors;
  };
  const form = useContractForm<PackageValues, TStorePackageInput>({
    initialValues: {
      bikeStoreOrderNumber: current.bikeStoreOrderNumber ?? "",
      items:
        current.items.length > 0 ? current.items.map((item) => lineFromItem(item, lng)) : [emptyLine("BIKE")],
    },
    schema: zStorePackageInput,
    toBody: packageBody,
    fieldOf: FIELD_OF,
    rules: lineRules,
    serverText: t("storeLinks.form.checkField"),
  });
  const errorSummary = useFormErrorSummary(form);
  const lines = form.getValues().items;
  const total = runningTotalCents(lines);
  const excess = packageExcessCents(total, current.maxPriceCents);
  // The total above the max price the store is asked to send anyway; a changed total asks again.
  const [askedAt, setAskedAt] = useState<number | null>(null);
  const asking = excess > 0 && askedAt === total;

  const send = (values: PackageValues) => {
    setAskedAt(null);
    mutateThen(save, packageBody(values), {
      onSuccess: onSaved,
      onError: (error) => {
        if (form.setServerErrors(error)) errorSummary.show();
      },
    });
  };
  const submit = (values: PackageValues) => (excess > 0 ? setAskedAt(total) : send(values));

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
                  style={{ gridColumn: "span 2" }}
                  {...form.getInputProps(`items.${index}.name`)}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
                <TextInput
                  label={t("storeLinks.line.brand")}
                  {...form.getInputProps(`items.${index}.brand`)}
                />
                <TextInput
                  label={t("storeLinks.line.model")}
                  {...form.getInputProps(`items.${index}.model`)}
                />
                <TextInput
                  label={t("storeLinks.line.modelYear")}
                  inputMode="numeric"
                  {...form.getInputProps(`items.${index}.modelYear`)}
                />
                <TextInput
                  label={t("storeLinks.line.frameSize")}
                  {...form.getInputProps(`items.${index}.frameSize`)}
                />
                <TextInput
                  label={t("storeLinks.line.color")}
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
              {money(total)}
            </Text>
          </Group>
          {current.maxPriceCents !== null && (
            <Text size="sm" c="dimmed" mt={4}>
              {t("storeLinks.package.maxPriceLine", { amount: money(current.maxPriceCents) })}
            </Text>
          )}
        </Paper>
        {excess > 0 && (
          <Alert color="yellow" variant="light" title={t("storeLinks.package.overMaxTitle")}>
            {t("storeLinks.package.overMax", {
              excess: money(excess),
              max: money(current.maxPriceCents ?? 0),
            })}
          </Alert>
        )}
        <TextInput
          label={t("storeLinks.package.storeOrderNumber")}
          description={t("storeLinks.package.storeOrderNumberHelp")}
          maw={320}
          {...form.getInputProps("bikeStoreOrderNumber")}
        />
        {save.isError && (
          <Alert color="red" variant="light" title={t("forms.errorTitle")}>
            {formErrorMessage(save.error, t)}
          </Alert>
        )}
        {asking ? (
          <Alert
            color="yellow"
            role="alertdialog"
            aria-labelledby="package-over-max-title"
            title={<span id="package-over-max-title">{t("storeLinks.package.sendOverMaxTitle")}</span>}
          >
            <Stack gap="sm">
              <Text size="sm">
                {t("storeLinks.package.sendOverMax", {
                  total: money(total),
                  max: money(current.maxPriceCents ?? 0),
                  excess: money(excess),
                })}
              </Text>
              <Group>
                <Button
                  onClick={() => form.onSubmit(send, errorSummary.onInvalid)()}
                  loading={save.isPending}
                >
                  {t("storeLinks.package.sendOverMaxConfirm")}
                </Button>
                <Button variant="default" onClick={() => setAskedAt(null)}>
                  {t("storeLinks.package.sendOverMaxBack")}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
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
        )}
      </Stack>
    </form>
  );
}
