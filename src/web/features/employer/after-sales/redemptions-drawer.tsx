import { Anchor, Drawer, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PAYMENT_METHODS } from "../../../../domain/enums.ts";
import { paymentMethodAllowed } from "../../../../domain/user-payments.ts";
import { DetailsList } from "../../../components/details-list.tsx";
import { QueryFrame } from "../../../components/query-frame.tsx";
import { StatusBadge } from "../../../components/status-badge.tsx";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { formatCalendarDate } from "../../../lib/formatters.ts";
import { money } from "../../../lib/money.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import { useCompany } from "../../companies/index.ts";
import {
  CHOICE_LABELS,
  ChooseForEmployeeForm,
  METHOD_LABELS,
  offerFileHref,
  REASON_LABELS,
  RedemptionOptions,
  RedemptionStateBadge,
} from "../../redemption/index.ts";
import { type TRedemption, useChooseForEmployee, useRedemption } from "./redemptions-api.ts";

/** A calendar date (YYYY-MM-DD) as DD.MM.YYYY. */
export const day = (date: string | null) => (date ? formatCalendarDate(date) : null);

/** One case in a drawer (its id in the address): its state, the offer, the options compared, choosing. */
export function RedemptionDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const details = useRedemption(id);
  const c = details.data;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        c
          ? t("employerRedemptions.drawer.title", { name: c.employee.name })
          : t("employerRedemptions.drawer.loading")
      }
      closeButtonProps={{ "aria-label": t("common.close") }}
    >
      {id && (
        <QueryFrame
          query={details}
          notFound={t("employerRedemptions.drawer.notFound")}
          errorText={() => t("employerRedemptions.drawer.loadFailed")}
        >
          {(data) => <CaseView key={data.updatedAt} c={data} />}
        </QueryFrame>
      )}
    </Drawer>
  );
}

function CaseView({ c }: { c: TRedemption }) {
  const { t } = useTranslation();
  const offer = c.offers.at(-1) ?? null;
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <RedemptionStateBadge state={c.state} />
        <Text size="sm">{t(REASON_LABELS.staff[c.reason])}</Text>
      </Group>
      <DetailsList
        items={[
          { label: t("employerRedemptions.drawer.company"), value: c.company.name },
          {
            label: t("employerRedemptions.drawer.bike"),
            value: [t("employerRedemptions.orderNumber", { number: c.order.orderNumber }), c.bikeName]
              .filter(Boolean)
              .join(" · "),
          },
          { label: t("employerRedemptions.drawer.price"), value: money(c.redemptionPriceCents) },
          { label: t("employerRedemptions.drawer.deadline"), value: day(c.decisionDeadline) },
          { label: t("employerRedemptions.drawer.leaseEndsOn"), value: day(c.leaseEndsOn) },
          ...(c.coveredUntil
            ? [{ label: t("employerRedemptions.drawer.coveredUntil"), value: day(c.coveredUntil) }]
            : []),
          {
            label: t("employerRedemptions.drawer.choice"),
            value: c.choice
              ? [t(CHOICE_LABELS[c.choice]), c.transferToEmail].filter(Boolean).join(" · ")
              : t("employerRedemptions.drawer.noChoice"),
          },
          ...(c.userPayment
            ? [
                {
                  label: t("employerRedemptions.drawer.payment"),
                  value: (
                    <Group gap="xs">
                      <Text size="sm">
                        {money(c.userPayment.amountCents)} · {t(METHOD_LABELS[c.userPayment.paymentMethod])}
                      </Text>
                      <StatusBadge family="payment" status={c.userPayment.paymentStatus} />
                    </Group>
                  ),
                },
              ]
            : []),
          {
            label: t("employerRedemptions.drawer.offer"),
            value: offer ? (
              <Anchor href={offerFileHref(offer.id)} target="_blank" rel="noopener">
                {offer.file.fileName}
              </Anchor>
            ) : null,
          },
        ]}
      />
      <RedemptionOptions options={c.options} audience="staff" />
      {c.allowedActions.includes("CHOOSE") && <ChooseForEmployee c={c} />}
      {c.status === "PENDING" && !c.allowedActions.includes("CHOOSE") && (
        <Text size="sm" c="dimmed">
          {c.deadlinePassed
            ? t("employerRedemptions.drawer.deadlinePassed")
            : t("employerRedemptions.drawer.employeeChooses")}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Choosing for the employee (employees.manage), e.g. when they have left without choosing: an open
 * option, how the employee pays as the company allows, a colleague's e-mail for a transfer.
 */
function ChooseForEmployee({ c }: { c: TRedemption }) {
  const { t } = useTranslation();
  const choose = useChooseForEmployee(c.id);
  const mode = useCompany(c.company.companyId).data?.paymentMode ?? null;
  return (
    <Paper withBorder radius="md" p="md">
      <ChooseForEmployeeForm
        options={c.options.filter((o) => o.available)}
        initial={{ choice: "", paymentMethod: c.paymentMethod, transferToEmail: "" }}
        methods={PAYMENT_METHODS.filter((m) => mode === null || paymentMethodAllowed(mode, m))}
        intro={
          c.choice
            ? t("employerRedemptions.choose.introChange", { choice: t(CHOICE_LABELS[c.choice]) })
            : t("employerRedemptions.choose.intro", { name: c.employee.name })
        }
        pending={choose.isPending}
        error={choose.error}
        save={(body, onError) =>
          mutateThen(choose, body, {
            onSuccess: () =>
              showSuccessToast(
                t("employerRedemptions.choose.saved", {
                  name: c.employee.name,
                  choice: t(CHOICE_LABELS[body.choice]),
                }),
              ),
            onError,
          })
        }
      />
    </Paper>
  );
}
