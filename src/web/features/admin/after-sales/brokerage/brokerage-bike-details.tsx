import { Alert, Button, Group, Stack } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { type TUpdateBikeBrokerage, zUpdateBikeBrokerage } from "../../../../../contract/bike-brokerage.ts";
import { useFormErrorSummary } from "../../../../components/form-error-summary.tsx";
import { SectionCard } from "../../../../components/section-card.tsx";
import { ApiError } from "../../../../lib/api-client.ts";
import { useContractForm } from "../../../../lib/contract-form.ts";
import { mutateThen } from "../../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../../lib/error-toasts.ts";
import { formatEuroInput } from "../../../../lib/formatters.ts";
import { showSuccessToast } from "../../../../lib/toast.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import {
  BIKE_FIELD_OF,
  BikeFields,
  type BikeValues,
  bikeBody,
  bikeIssueText,
  bikeValuesOf,
  EMPTY_BIKE,
  priceRequired,
} from "./bike-fields.tsx";
import { type TBikeBrokerageDetails, useChangeBike } from "./brokerage-api.ts";

/** The bike's describing fields and asking price, with the suggested price to take over. */
export function DetailsSection({ bike }: { bike: TBikeBrokerageDetails }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const change = useChangeBike(bike.bikeBrokerageId);
  const form = useContractForm<BikeValues>({
    initialValues: EMPTY_BIKE,
    schema: zUpdateBikeBrokerage,
    toBody: bikeBody,
    fieldOf: BIKE_FIELD_OF,
    texts: (issue) => bikeIssueText(issue, t),
    rules: (values) => priceRequired(values, t, bike.askingPriceCents === null),
  });
  const errorSummary = useFormErrorSummary(form);
  const { suggestion } = bike;

  // The form follows the saved bike (after a save, or another tab's change).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the bike's last change decides, not the object's identity.
  useEffect(() => {
    form.setValues(bikeValuesOf(bike, display.lang));
    form.resetDirty();
  }, [bike.updatedAt]);

  function save(values: BikeValues) {
    mutateThen(change, bikeBody(values) as TUpdateBikeBrokerage, {
      onSuccess: () => showSuccessToast(t("adminBrokerage.toasts.updated")),
      onError: (error) => {
        if (form.setServerErrors(error)) errorSummary.show();
      },
    });
  }

  const suggested = suggestion
    ? t("adminBrokerage.detail.suggestion", {
        price: display.money(suggestion.priceCents),
        packagePrice: display.money(suggestion.packagePriceCents),
        months: suggestion.months,
        residual: suggestion.residualValueCents === null ? "–" : display.money(suggestion.residualValueCents),
      })
    : t("adminBrokerage.detail.noSuggestion");
  const refused = change.error instanceof ApiError && change.error.details.length === 0 ? change.error : null;
  return (
    <SectionCard
      title={t("adminBrokerage.detail.details")}
      description={t("adminBrokerage.detail.detailsHint")}
    >
      <form noValidate onSubmit={form.onSubmit(save, errorSummary.onInvalid)}>
        <Stack gap="md">
          {errorSummary.summary}
          <BikeFields form={form} priceDescription={suggested} />
          {suggestion && (
            <div>
              <Button
                variant="light"
                size="xs"
                onClick={() =>
                  form.setFieldValue("price", formatEuroInput(suggestion.priceCents, display.lang))
                }
              >
                {t("adminBrokerage.detail.useSuggestion")}
              </Button>
            </div>
          )}
          {refused && (
            <Alert color="red" variant="light" role="alert" title={t("forms.errorTitle")}>
              {messageForApiError(refused, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending} disabled={!form.isDirty()}>
              {t("adminBrokerage.detail.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
