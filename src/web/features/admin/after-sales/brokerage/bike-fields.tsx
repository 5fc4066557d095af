import { SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../../../domain/enums.ts";
import { MODEL_YEAR_MAX, MODEL_YEAR_MIN } from "../../../../../domain/model-year.ts";
import { parseEuroInput } from "../../../../../domain/money.ts";
import { EuroInput } from "../../../../components/euro-input.tsx";
import type { ContractForm, SchemaIssue } from "../../../../lib/contract-form.ts";
import { formatEuroInput } from "../../../../lib/formatters.ts";
import type { TBikeBrokerage } from "./brokerage-api.ts";

/** The describing fields of a brokerage bike as a form holds them: text, the price in euros. */
export type BikeValues = {
  brand: string;
  model: string;
  modelYear: string;
  frameSize: string;
  price: string;
  city: string;
  description: string;
  adminNote: string;
};

export const EMPTY_BIKE: BikeValues = {
  brand: "",
  model: "",
  modelYear: "",
  frameSize: "",
  price: "",
  city: "",
  description: "",
  adminNote: "",
};

/** The form's field of each body field it names differently: the price is typed in euros. */
export const BIKE_FIELD_OF = { askingPriceCents: "price" } as const;

export function bikeValuesOf(bike: TBikeBrokerage, language: Language): BikeValues {
  return {
    brand: bike.brand ?? "",
    model: bike.model ?? "",
    modelYear: bike.modelYear === null ? "" : String(bike.modelYear),
    frameSize: bike.frameSize ?? "",
    price: bike.askingPriceCents === null ? "" : formatEuroInput(bike.askingPriceCents, language),
    city: bike.city ?? "",
    description: bike.description ?? "",
    adminNote: bike.adminNote ?? "",
  };
}

/**
 * The body's describing fields: trimmed texts, empty ones as null, the price in cents. A year or a
 * price that does not read is left for the contract's schema to refuse at its field.
 */
export function bikeBody(values: BikeValues) {
  const text = (value: string) => value.trim() || null;
  return {
    brand: values.brand.trim(),
    model: values.model.trim(),
    modelYear: values.modelYear.trim() ? Number(values.modelYear) : null,
    frameSize: text(values.frameSize),
    city: text(values.city),
    description: text(values.description),
    adminNote: text(values.adminNote),
    ...(values.price.trim() ? { askingPriceCents: parseEuroInput(values.price) } : {}),
  };
}

/** The bike form's words for the contract's complaints about the year and the price. */
export function bikeIssueText(issue: SchemaIssue, t: TFunction): string | undefined {
  if (issue.path[0] === "modelYear")
    return t("adminBrokerage.form.yearInvalid", { min: MODEL_YEAR_MIN, max: MODEL_YEAR_MAX });
  if (issue.path[0] === "askingPriceCents") return t("adminBrokerage.form.priceInvalid");
  return undefined;
}

/**
 * The asking price may be left empty only where the suggestion stands in (`priceOptional`); the
 * contract leaves it out of a change that does not touch it, so the form asks for it itself.
 */
export function priceRequired(values: BikeValues, t: TFunction, priceOptional: boolean) {
  return { price: !priceOptional && !values.price.trim() ? t("forms.required") : null };
}

/** The describing fields of a bike, as the add dialog and the bike's page show them. */
export function BikeFields<V extends BikeValues>({
  form,
  priceDescription,
}: {
  form: ContractForm<V>;
  priceDescription?: string;
}) {
  const { t } = useTranslation();
  const props = (field: keyof BikeValues) => form.getInputProps(field as never);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t("adminBrokerage.form.brand")} required {...props("brand")} />
        <TextInput label={t("adminBrokerage.form.model")} required {...props("model")} />
        <TextInput label={t("adminBrokerage.form.modelYear")} inputMode="numeric" {...props("modelYear")} />
        <TextInput
          label={t("adminBrokerage.form.frameSize")}
          description={t("adminBrokerage.form.frameSizeHint")}
          {...props("frameSize")}
        />
        <EuroInput
          label={t("adminBrokerage.form.price")}
          description={priceDescription}
          {...props("price")}
        />
        <TextInput label={t("adminBrokerage.form.city")} {...props("city")} />
      </SimpleGrid>
      <Textarea
        label={t("adminBrokerage.form.description")}
        description={t("adminBrokerage.form.descriptionHint")}
        rows={4}
        {...props("description")}
      />
      <Textarea
        label={t("adminBrokerage.form.adminNote")}
        description={t("adminBrokerage.form.adminNoteHint")}
        rows={2}
        {...props("adminNote")}
      />
    </Stack>
  );
}
