import { Alert, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TOrderListItem } from "../../../../contract/orders.ts";
import { packageItemDescription } from "../../../../domain/order-package.ts";
import { ActionDialog, type useActionDialog } from "../../../components/action-dialog.tsx";
import { DetailsList } from "../../../components/details-list.tsx";
import { formErrorMessage } from "../../../lib/form-errors.ts";
import { money } from "../../../lib/money.ts";
import { signingErrorMessage, useLeavingForBroker } from "../../../lib/strong-identification.ts";
import { useOrderDetails, useStartStrongApproval } from "./orders-api.ts";

/**
 * Approving sends the order on to the leasing company and cannot be undone, so it is asked first, naming
 * the employee and the bike (from the order's package, read when the dialog opens) and the price. The
 * order's details also say how the company lets its employer users approve now (signingMethods): with
 * strong identification at the broker, where the employer's own approval as logged in stays a second way
 * if the company also allows it; or as logged in only. A company that requires strong identification
 * while the platform has none set up leaves no way to approve, and the dialog says so.
 */
export function ApproveDialog({
  order,
  dialog,
}: {
  order: TOrderListItem | null;
  dialog: ReturnType<typeof useActionDialog<TOrderListItem>>;
}) {
  const { t } = useTranslation();
  const details = useOrderDetails(order?.orderId ?? null);
  const startStrong = useStartStrongApproval();
  const leaving = useLeavingForBroker(startStrong);
  const methods = details.data?.signingMethods ?? null;
  const strong = methods?.includes("STRONG") ?? false;
  const plain = methods?.includes("SMS_CODE") ?? false;
  const bike = details.data?.items.find((item) => item.itemType === "BIKE");
  let bikeText: string;
  if (bike) bikeText = packageItemDescription(bike);
  else if (details.isPending) bikeText = t("employerOrders.approveDialog.bikeLoading");
  else bikeText = t("employerOrders.approveDialog.noBike");

  const approvePlainly = () => {
    if (!order) return;
    startStrong.reset();
    dialog.run({ order, decision: { approve: true } });
  };
  const approveStrongly = () => order && startStrong.mutate(order.orderId);
  const state = dialog.props(order !== null);
  // The failure of the way last tried: the strong start's once it has been pressed, else the plain one's.
  let failure = state.error;
  if (!startStrong.isIdle) failure = startStrong.isError ? signingErrorMessage(startStrong.error, t) : null;
  if (!failure && details.isError) failure = formErrorMessage(details.error, t);

  return (
    <ActionDialog
      {...state}
      onCancel={() => {
        if (leaving) return;
        startStrong.reset();
        state.onCancel();
      }}
      loading={state.loading || leaving}
      error={failure}
      title={t("employerOrders.approveDialog.title", { name: order?.employee.name ?? "" })}
      confirmLabel={strong ? t("employerOrders.approveDialog.strongConfirm") : t("employerOrders.approve")}
      confirmDisabled={methods === null || (!strong && !plain)}
      danger={false}
      onConfirm={strong ? approveStrongly : approvePlainly}
      {...(strong && plain
        ? {
            secondaryAction: {
              label: t("employerOrders.approveDialog.plainConfirm"),
              onClick: approvePlainly,
              loading: state.loading,
            },
          }
        : {})}
    >
      <Stack gap="sm">
        <DetailsList
          items={[
            { label: t("employerOrders.fields.employee"), value: order?.employee.name ?? null },
            { label: t("employerOrders.fields.bike"), value: bikeText },
            { label: t("employerOrders.fields.total"), value: order ? money(order.totalPriceCents) : null },
            {
              label: t("employerOrders.fields.monthlyPayment"),
              value: order ? money(order.monthlyPaymentCents) : null,
            },
          ]}
        />
        <Text size="sm">{t("employerOrders.approveDialog.text")}</Text>
        {strong && <Text size="sm">{t("employerOrders.approveDialog.strongText")}</Text>}
        {methods?.length === 0 && (
          <Alert color="yellow" role="status">
            {t("employerOrders.approveDialog.unavailable")}
          </Alert>
        )}
      </Stack>
    </ActionDialog>
  );
}
