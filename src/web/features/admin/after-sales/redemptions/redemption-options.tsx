import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TRedemptionOption } from "../../../../../contract/bike-redemptions.ts";
import { DetailsList } from "../../../../components/details-list.tsx";
import { SectionCard } from "../../../../components/section-card.tsx";
import { mutateThen } from "../../../../lib/endpoint-client.ts";
import { formatDateTime } from "../../../../lib/formatters.ts";
import { showSuccessToast } from "../../../../lib/toast.ts";
import {
  CHOICE_LABELS,
  ChooseForEmployeeForm,
  RedemptionOptions,
  RedemptionPriceTable,
} from "../../../redemption/index.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import { methodsOf, usePaymentMode } from "./redemption-case-form.tsx";
import { type TRedemption, useRedemptionAction } from "./redemptions-api.ts";

/**
 * The options the helpdesk may record for the employee: the open ones, and a return after a
 * resignation, which the employer may allow (the server takes it from the helpdesk only).
 */
function recordableOptions(options: readonly TRedemptionOption[]): TRedemptionOption[] {
  return options.filter((o) => o.available || o.unavailableReason === "RESIGNED_MUST_REDEEM");
}

/** Choosing for the employee (also after the deadline), with the choice made so far preselected. */
function ChooseForm({ redemption: c }: { redemption: TRedemption }) {
  const { t } = useTranslation();
  const action = useRedemptionAction(c.id);
  const methods = methodsOf(usePaymentMode(c.company.companyId));
  return (
    <ChooseForEmployeeForm
      options={recordableOptions(c.options)}
      initial={{
        choice: c.choice ?? "",
        paymentMethod: c.paymentMethod,
        transferToEmail: c.transferToEmail ?? "",
      }}
      methods={methods}
      intro={c.deadlinePassed ? t("adminRedemptions.options.afterDeadline") : undefined}
      pending={action.isPending}
      error={action.error}
      save={(body, onError) =>
        mutateThen(
          action,
          { kind: "choose", body },
          {
            onSuccess: () =>
              showSuccessToast(
                t("adminRedemptions.options.saved", { choice: t(CHOICE_LABELS[body.choice]) }),
              ),
            onError,
          },
        )
      }
    />
  );
}

/**
 * The options and the choice: the comparison, the choice made (by whom it was recorded, when; the
 * colleague of a transfer) and, while allowed, choosing for the employee; the month-by-month price
 * table behind a disclosure.
 */
export function OptionsSection({ redemption: c }: { redemption: TRedemption }) {
  const { t } = useTranslation();
  const display = useDisplay();
  return (
    <SectionCard title={t("adminRedemptions.options.title")}>
      <Stack gap="lg">
        <RedemptionOptions options={c.options} audience="staff" />
        <DetailsList
          items={[
            {
              label: t("adminRedemptions.options.current"),
              value: c.choice ? t(CHOICE_LABELS[c.choice]) : t("adminRedemptions.options.none"),
            },
            {
              label: t("adminRedemptions.options.madeAt"),
              value: c.choiceMadeAt ? formatDateTime(c.choiceMadeAt) : null,
            },
            ...(c.transferToEmail
              ? [{ label: t("redemption.chooseFor.email"), value: c.transferToEmail }]
              : []),
            { label: t("adminRedemptions.options.deadline"), value: display.date(c.decisionDeadline) },
          ]}
        />
        {c.allowedActions.includes("CHOOSE") && <ChooseForm key={c.updatedAt} redemption={c} />}
        <RedemptionPriceTable
          rows={c.priceTable}
          monthsPaid={c.agreement?.monthsPaid ?? null}
          audience="staff"
        />
      </Stack>
    </SectionCard>
  );
}
