import { SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { BROKERAGE_PRICE_MAX_CENTS } from "../../../../../contract/bike-brokerage.ts";
import type { Language } from "../../../../../domain/enums.ts";
import { eurosToCents, parseEuroInput } from "../../../../../domain/money.ts";
import { EuroInput } from "../../../../components/euro-input.tsx";
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

/** The form's fields by the body's names, for the server's field errors (body.askingPriceCents → price). */
export const BIKE_FIELD_OF: Record<string, keyof BikeValues> = {
  brand: "brand",
  model: "model",
  modelYear: "modelYear",
  frameSize: "frameSize",
  askingPriceCents: "price",
  city: "city",
  description: "description",
  adminNote: "adminNote",
};

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

/** The body's describing fields: trimmed texts, empty ones as null, the price in cents. */
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
    ...(values.price.trim() ? { askingPriceCents: eurosToCents(values.price) } : {}),
  };
}

/** The rules of the fields; the price may be left empty where the suggestion stands in (`priceOptional`). */
export function bikeRules(t: TFunction, { priceOptional = false }: { priceOptional?: boolean } = {}) {
  const required = (value: string) => (value.trim() ? null : t("forms.required"));
  return {
    brand: required,
    model: required,
    modelYear: (value: string) => {
      if (!value.trim()) return null;
      const year = Number(value);
      return Number.isInteger(year) && year >= 1950 && year <= 2100
        ? null
        : t("adminBrokerage.form.yearInvalid");
    },
    price: (value: string) => {
      if (!value.trim()) return priceOptional ? null : t("forms.required");
      return parseEuroInput(value, { max: BROKERAGE_PRICE_MAX_CENTS }) === null
        ? t("adminBrokerage.form.priceInvalid")
        : null;
    },
  };
}

/** The describing fields of a bike, as the add dialog and the bike's page show them. */
export function BikeFields<V extends BikeValues>({
  form,
  priceDescription,
}: {
  form: UseFormReturnType<V>;
  priceDescription?: string;
}) {
  const { t } = useTranslation();
  const props = (field: keyof BikeValues) => form.getInputProps(field as never);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t("adminBrokerage.form.brand")} required maxLength={100} {...props("brand")} />
        <TextInput label={t("adminBrokerage.form.model")} required maxLength={150} {...props("model")} />
        <TextInput
          label={t("adminBrokerage.form.modelYear")}
          inputMode="numeric"
          maxLength={4}
          {...props("modelYear")}
        />
        <TextInput
          label={t("adminBrokerage.form.frameSize")}
          description={t("adminBrokerage.form.frameSizeHint")}
          maxLength={30}
          {...props("frameSize")}
        />
        <EuroInput
          label={t("adminBrokerage.form.price")}
          description={priceDescription}
          {...props("price")}
        />
        <TextInput label={t("adminBrokerage.form.city")} maxLength={100} {...props("city")} />
      </SimpleGrid>
      <Textarea
        label={t("adminBrokerage.form.description")}
        description={t("adminBrokerage.form.descriptionHint")}
        rows={4}
        maxLength={2000}
        {...props("description")}
      />
      <Textarea
        label={t("adminBrokerage.form.adminNote")}
        description={t("adminBrokerage.form.adminNoteHint")}
        rows={2}
        maxLength={2000}
        {...props("adminNote")}
      />
    </Stack>
  );
}
