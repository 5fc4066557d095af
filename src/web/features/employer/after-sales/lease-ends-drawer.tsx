import { Anchor, Button, Drawer, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PAYMENT_METHODS } from "../../../../domain/enums.ts";
import { paymentMethodAllowed } from "../../../../domain/user-payments.ts";
import { AlertIcon } from "../../../components/design-icons.tsx";
import { DetailsList } from "../../../components/details-list.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { StatusBadge } from "../../../components/status-badge.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { formatDate } from "../../../lib/formatters.ts";
import { money } from "../../../lib/money.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import { useCompany } from "../../companies/index.ts";
import {
  CHOICE_LABELS,
  ChooseForEmployeeForm,
  LeaseEndOptions,
  LeaseEndStateBadge,
  METHOD_LABELS,
  REASON_LABELS,
} from "../../lease-end/index.ts";
import { type TLeaseEndCase, useChooseForEmployee, useLeaseEnd } from "./lease-ends-api.ts";

/** A calendar date (YYYY-MM-DD) as DD.MM.YYYY. */
export const day = (date: string | null) => (date ? formatDate(`${date}T12:00:00Z`) : null);

/** One case in a drawer (its id in the address): its state, the offer, the options compared, choosing. */
export function LeaseEndDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const details = useLeaseEnd(id);
  const c = details.data;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        c
          ? t("employerLeaseEnds.drawer.title", { name: c.employee.name })
          : t("employerLeaseEnds.drawer.loading")
      }
      closeButtonProps={{ "aria-label": t("common.close") }}
    >
      {id &&
        (details.isPending ? (
          <Group justify="center" py="xl">
            <Loader role="status" aria-label={t("ds.table.loading")} />
          </Group>
        ) : details.isError ? (
          <EmptyState
            icon={<AlertIcon size={24} />}
            text={
              <span role="alert">
                {details.error instanceof ApiError && details.error.status === 404
                  ? t("employerLeaseEnds.drawer.notFound")
                  : t("employerLeaseEnds.drawer.loadFailed")}
              </span>
            }
            action={
              <Button variant="default" onClick={() => void details.refetch()}>
                {t("ds.table.retry")}
              </Button>
            }
          />
        ) : (
          <CaseView key={details.data.updatedAt} c={details.data} />
        ))}
    </Drawer>
  );
}

function CaseView({ c }: { c: TLeaseEndCase }) {
  const { t } = useTranslation();
  const offer = c.offers.at(-1) ?? null;
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <LeaseEndStateBadge state={c.state} />
        <Text size="sm">{t(REASON_LABELS.staff[c.reason])}</Text>
      </Group>
      <DetailsList
        items={[
          { label: t("employerLeaseEnds.drawer.company"), value: c.company.name },
          {
            label: t("employerLeaseEnds.drawer.bike"),
            value: [t("employerLeaseEnds.orderNumber", { number: c.order.orderNumber }), c.bikeName]
              .filter(Boolean)
              .join(" · "),
          },
          { label: t("employerLeaseEnds.drawer.price"), value: money(c.redemptionPriceCents) },
          { label: t("employerLeaseEnds.drawer.deadline"), value: day(c.decisionDeadline) },
          { label: t("employerLeaseEnds.drawer.leaseEndsOn"), value: day(c.leaseEndsOn) },
          ...(c.coveredUntil
            ? [{ label: t("employerLeaseEnds.drawer.coveredUntil"), value: day(c.coveredUntil) }]
            : []),
          {
            label: t("employerLeaseEnds.drawer.choice"),
            value: c.choice
              ? [t(CHOICE_LABELS[c.choice]), c.transferToEmail].filter(Boolean).join(" · ")
              : t("employerLeaseEnds.drawer.noChoice"),
          },
          ...(c.userPayment
            ? [
                {
                  label: t("employerLeaseEnds.drawer.payment"),
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
            label: t("employerLeaseEnds.drawer.offer"),
            value: offer ? (
              <Anchor href={offer.fileUrl} target="_blank" rel="noopener">
                {offer.file.fileName}
              </Anchor>
            ) : null,
          },
        ]}
      />
      <LeaseEndOptions options={c.options} audience="staff" />
      {c.allowedActions.includes("CHOOSE") && <ChooseForEmployee c={c} />}
      {c.status === "PENDING" && !c.allowedActions.includes("CHOOSE") && (
        <Text size="sm" c="dimmed">
          {c.deadlinePassed
            ? t("employerLeaseEnds.drawer.deadlinePassed")
            : t("employerLeaseEnds.drawer.employeeChooses")}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Choosing for the employee (employees.manage), e.g. when they have left without choosing: an open
 * option, how the employee pays as the company allows, a colleague's e-mail for a transfer.
 */
function ChooseForEmployee({ c }: { c: TLeaseEndCase }) {
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
            ? t("employerLeaseEnds.choose.introChange", { choice: t(CHOICE_LABELS[c.choice]) })
            : t("employerLeaseEnds.choose.intro", { name: c.employee.name })
        }
        pending={choose.isPending}
        error={choose.error}
        save={(body, onError) =>
          mutateThen(choose, body, {
            onSuccess: () =>
              showSuccessToast(
                t("employerLeaseEnds.choose.saved", {
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
