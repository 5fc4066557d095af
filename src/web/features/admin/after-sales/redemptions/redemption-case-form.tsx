import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Textarea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  type TUpdateBikeRedemption,
  zUpdateBikeRedemption,
} from "../../../../../contract/bike-redemptions.ts";
import { PAYMENT_METHODS, type PaymentMethod, type PaymentMode } from "../../../../../domain/enums.ts";
import { parseEuroInput } from "../../../../../domain/money.ts";
import { paymentMethodAllowed } from "../../../../../domain/user-payments.ts";
import { DateField } from "../../../../components/date-field.tsx";
import { DetailsList } from "../../../../components/details-list.tsx";
import { EuroInput } from "../../../../components/euro-input.tsx";
import { SectionCard } from "../../../../components/section-card.tsx";
import { ApiError } from "../../../../lib/api-client.ts";
import { useContractForm } from "../../../../lib/contract-form.ts";
import { mutateThen } from "../../../../lib/endpoint-client.ts";
import { messageWithServerText } from "../../../../lib/error-toasts.ts";
import { formatEuroInput } from "../../../../lib/formatters.ts";
import { showSuccessToast } from "../../../../lib/toast.ts";
import { useCompany } from "../../../companies/index.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import { METHOD_LABELS } from "./redemption-labels.ts";
import { savedMessage, type TRedemption, useRedemptionAction } from "./redemptions-api.ts";

/** The methods a company of this payment mode lets its employees pay with; both while the mode is unknown. */
export function methodsOf(mode: PaymentMode | null): PaymentMethod[] {
  return PAYMENT_METHODS.filter((m) => mode === null || paymentMethodAllowed(mode, m));
}

/** The company's payment mode (GET /api/companies/{id}), or null until it is known. */
export function usePaymentMode(companyId: string): PaymentMode | null {
  return useCompany(companyId).data?.paymentMode ?? null;
}

type Values = {
  price: string;
  decisionDeadline: string;
  leaseEndsOn: string;
  paymentMethod: PaymentMethod;
  returnFee: string;
  note: string;
};
/** The form's field of each amount: the body counts cents, the form the euros typed. */
const FIELD_OF = { redemptionPriceCents: "price", returnFeeCents: "returnFee" };

/** The case as the values state it, every field; an amount that does not read is NaN for the schema. */
function caseBody(values: Values) {
  return {
    redemptionPriceCents: parseEuroInput(values.price) ?? Number.NaN,
    decisionDeadline: values.decisionDeadline,
    leaseEndsOn: values.leaseEndsOn,
    paymentMethod: values.paymentMethod,
    note: values.note.trim() || null,
    returnFeeCents: values.returnFee.trim() ? (parseEuroInput(values.returnFee) ?? Number.NaN) : null,
  };
}

/**
 * The case's price and dates: shown, and while the case is open changed by the helpdesk (PUT, only the
 * fields changed). A new last day of the lease without a new price lets the server price it by rule;
 * a method the company's payment mode does not allow is not offered.
 */
export function CaseForm({ redemption: c }: { redemption: TRedemption }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const editable = c.allowedActions.includes("UPDATE");
  const mode = usePaymentMode(c.company.companyId);
  const action = useRedemptionAction(c.id);
  const initial: Values = {
    price: formatEuroInput(c.redemptionPriceCents, display.lang),
    decisionDeadline: c.decisionDeadline ?? "",
    leaseEndsOn: c.leaseEndsOn ?? "",
    paymentMethod: c.paymentMethod,
    returnFee: c.returnFeeCents === null ? "" : formatEuroInput(c.returnFeeCents, display.lang),
    note: c.note ?? "",
  };
  const form = useContractForm<Values>({
    initialValues: initial,
    schema: zUpdateBikeRedemption,
    toBody: caseBody,
    fieldOf: FIELD_OF,
    texts: (issue) =>
      ({
        redemptionPriceCents: t("adminRedemptions.form.amountInvalid"),
        returnFeeCents: t("adminRedemptions.form.amountInvalid"),
        decisionDeadline: t("adminRedemptions.form.dateInvalid"),
        leaseEndsOn: t("adminRedemptions.form.monthEnd"),
      })[String(issue.path[0])],
    serverText: t("adminRedemptions.form.checkField"),
  });

  const methods = methodsOf(mode);
  const rows = [
    { label: t("adminRedemptions.form.price"), value: display.money(c.redemptionPriceCents) },
    { label: t("adminRedemptions.form.deadline"), value: display.date(c.decisionDeadline) },
    { label: t("adminRedemptions.form.leaseEndsOn"), value: display.date(c.leaseEndsOn) },
    { label: t("adminRedemptions.form.method"), value: t(METHOD_LABELS[c.paymentMethod]) },
    ...(c.early
      ? [
          {
            label: t("adminRedemptions.form.returnFee"),
            value: c.returnFeeCents === null ? null : display.money(c.returnFeeCents),
          },
        ]
      : []),
    ...(c.coveredUntil
      ? [{ label: t("adminRedemptions.form.coveredUntil"), value: display.date(c.coveredUntil) }]
      : []),
  ];
  if (!editable)
    return (
      <SectionCard title={t("adminRedemptions.form.title")}>
        <DetailsList items={rows} />
      </SectionCard>
    );

  /** Only the fields changed: a new last day without a new price lets the server price it by rule. */
  function save(values: Values) {
    const full = caseBody(values);
    const body: TUpdateBikeRedemption = {};
    if (full.redemptionPriceCents !== c.redemptionPriceCents)
      body.redemptionPriceCents = full.redemptionPriceCents;
    if (values.decisionDeadline !== initial.decisionDeadline) body.decisionDeadline = values.decisionDeadline;
    if (values.leaseEndsOn !== initial.leaseEndsOn) body.leaseEndsOn = values.leaseEndsOn;
    if (values.paymentMethod !== initial.paymentMethod) body.paymentMethod = values.paymentMethod;
    if (values.returnFee !== initial.returnFee) body.returnFeeCents = full.returnFeeCents;
    if (values.note !== initial.note) body.note = full.note;
    if (Object.keys(body).length === 0) return;
    mutateThen(
      action,
      { kind: "update", body },
      {
        onSuccess: (message) => {
          form.resetDirty();
          showSuccessToast(savedMessage(message ?? "", t));
        },
        onError: (error) =>
          form.setServerErrors(
            error,
            error instanceof ApiError && error.code === "PAYMENT_METHOD_NOT_ALLOWED"
              ? { paymentMethod: messageWithServerText(error, t) }
              : {},
          ),
      },
    );
  }

  const shownAtField =
    action.error instanceof ApiError &&
    (action.error.details.length > 0 || action.error.code === "PAYMENT_METHOD_NOT_ALLOWED");
  return (
    <SectionCard
      title={t("adminRedemptions.form.title")}
      description={t("adminRedemptions.form.description")}
    >
      <form noValidate onSubmit={form.onSubmit(save)}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <EuroInput label={t("adminRedemptions.form.price")} {...form.getInputProps("price")} />
            <DateField
              label={t("adminRedemptions.form.deadline")}
              {...form.getInputProps("decisionDeadline")}
            />
            <DateField
              label={t("adminRedemptions.form.leaseEndsOn")}
              description={t("adminRedemptions.form.leaseEndsOnHelp")}
              {...form.getInputProps("leaseEndsOn")}
            />
            <NativeSelect
              label={t("adminRedemptions.form.method")}
              data={methods.map((m) => ({ value: m, label: t(METHOD_LABELS[m]) }))}
              {...form.getInputProps("paymentMethod")}
            />
            {c.early && (
              <EuroInput
                label={t("adminRedemptions.form.returnFee")}
                description={t("adminRedemptions.form.returnFeeHelp")}
                {...form.getInputProps("returnFee")}
              />
            )}
          </SimpleGrid>
          <Textarea label={t("adminRedemptions.form.note")} rows={2} {...form.getInputProps("note")} />
          {c.coveredUntil && (
            <DetailsList
              items={[
                { label: t("adminRedemptions.form.coveredUntil"), value: display.date(c.coveredUntil) },
              ]}
            />
          )}
          {action.isError && !shownAtField && (
            <Alert color="red" variant="light" role="alert" title={t("adminRedemptions.form.failed")}>
              {messageWithServerText(action.error, t)}
            </Alert>
          )}
          <Group>
            <Button type="submit" variant="default" loading={action.isPending} disabled={!form.isDirty()}>
              {t("adminRedemptions.form.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
