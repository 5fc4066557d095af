import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TOrderEvent } from "../../../../../contract/orders.ts";
import { PAYER_TYPES, type PayerType } from "../../../../../domain/enums.ts";
import { eurosToCents, parseEuroInput } from "../../../../../domain/money.ts";
import { MAX_UPLOAD_BYTES, UPLOAD_MIME_TYPES } from "../../../../../domain/uploads.ts";
import { AppLink } from "../../../../components/app-link.tsx";
import { ConfirmDialog } from "../../../../components/confirm-dialog.tsx";
import { DetailsList } from "../../../../components/details-list.tsx";
import { EmptyState } from "../../../../components/empty-state.tsx";
import { EuroInput } from "../../../../components/euro-input.tsx";
import { EventTimeline } from "../../../../components/event-timeline.tsx";
import { SectionCard } from "../../../../components/section-card.tsx";
import { StatusBadge, ToneBadge } from "../../../../components/status-badge.tsx";
import { STATUS_LABEL_KEYS } from "../../../../components/status-labels.ts";
import { ApiError } from "../../../../lib/api-client.ts";
import { messageWithServerText } from "../../../../lib/error-toasts.ts";
import { formatDateTime, formatEuroInput } from "../../../../lib/formatters.ts";
import { showSuccessToast } from "../../../../lib/toast.ts";
import { useAdminNav } from "../../admin-nav.ts";
import { ORDER_SEGMENT } from "../../orders/helpdesk-paths.ts";
import { eventTypeLabelKey } from "../../reporting/event-types.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import { AfterSalesDetail, DetailHeading } from "../detail-frame.tsx";
import { PAYER_LABELS, REQUESTER_LABELS, STATUS_LABELS, STATUS_TONES } from "./cancellation-labels.ts";
import {
  type CancellationAction,
  refundFileHref,
  type TCancellation,
  useCancellation,
  useCancellationAction,
} from "./cancellations-api.ts";

/** The success line of each action, spelled out so that the catalogue check sees every key. */
const DONE_KEYS: Record<CancellationAction["kind"], string> = {
  update: "adminCancellations.done.update",
  complete: "adminCancellations.done.complete",
  withdraw: "adminCancellations.done.withdraw",
  upload: "adminCancellations.done.upload",
  deleteReceipt: "adminCancellations.done.deleteReceipt",
};

/** The order has followed the cancellation: it is cancelled (and maybe refunded). */
const orderCancelled = (c: TCancellation) =>
  c.order.orderStatus === "CANCELLED" || c.order.orderStatus === "REFUNDED";

/**
 * Why the helpdesk cannot complete the cancellation now, or null when it can: a refund above 0 needs
 * its receipt first (the server answers 409 REFUND_RECEIPT_REQUIRED otherwise).
 */
export function completeBlocker(c: Pick<TCancellation, "status" | "refundAmountCents" | "uploadedRefunds">) {
  if (c.status !== "PENDING") return null;
  return c.refundAmountCents > 0 && c.uploadedRefunds.length === 0 ? "receiptMissing" : null;
}

/**
 * One order cancellation as the helpdesk works on it (/admin/hakemukset/peruutukset/{id}): the order in
 * brief with a link to its page, who asked and why, the refund (who pays whom, how much; editable while
 * open), its receipts (upload, open, delete), completing and withdrawing, and its events.
 */
export function CancellationDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <AfterSalesDetail
      view="cancellations"
      backText={t("adminCancellations.detail.back")}
      query={useCancellation(id)}
      notFound={t("adminCancellations.detail.notFound")}
      errorText={messageWithServerText}
    >
      {(data, back) => <CancellationPage cancellation={data} back={back} />}
    </AfterSalesDetail>
  );
}

type Dialog = "complete" | "withdraw" | { deleteReceipt: { id: string; fileName: string } } | null;

function CancellationPage({ cancellation: c, back }: { cancellation: TCancellation; back: ReactNode }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const { pathOf } = useAdminNav();
  const action = useCancellationAction(c.orderCancellationId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const open = c.status === "PENDING";
  const blocker = completeBlocker(c);
  const completeHelpId = useId();

  function run(next: CancellationAction) {
    action.mutate(next, {
      onSuccess: () => {
        setDialog(null);
        showSuccessToast(t(DONE_KEYS[next.kind]));
      },
    });
  }
  function openDialog(next: Dialog) {
    action.reset();
    setDialog(next);
  }
  function closeDialog() {
    if (action.isPending) return;
    action.reset();
    setDialog(null);
  }
  const error = action.isError ? messageWithServerText(action.error, t) : null;

  return (
    <Stack gap="var(--pd-section-gap)">
      <DetailHeading
        back={back}
        title={t("adminCancellations.detail.title", { number: c.order.orderNumber })}
        badge={<ToneBadge tone={STATUS_TONES[c.status]}>{t(STATUS_LABELS[c.status])}</ToneBadge>}
      >
        <Text size="sm">
          {c.cancelledAtOnce
            ? t("adminCancellations.detail.cancelledAtOnce")
            : orderCancelled(c)
              ? t("adminCancellations.detail.requestCarriedOut")
              : t("adminCancellations.detail.requestWaiting", {
                  status: t(STATUS_LABEL_KEYS.order[c.order.orderStatus] ?? c.order.orderStatus),
                })}
        </Text>
      </DetailHeading>

      {open && (
        <SectionCard title={t("adminCancellations.actions.title")}>
          <Stack gap="sm">
            <Group gap="sm" wrap="wrap">
              <Button
                onClick={() => openDialog("complete")}
                disabled={blocker !== null}
                aria-describedby={completeHelpId}
              >
                {t("adminCancellations.actions.complete")}
              </Button>
              {!orderCancelled(c) && (
                <Button variant="light" color="red" onClick={() => openDialog("withdraw")}>
                  {t("adminCancellations.actions.withdraw")}
                </Button>
              )}
            </Group>
            <Text size="sm" c="dimmed" id={completeHelpId}>
              {blocker === "receiptMissing"
                ? t("adminCancellations.actions.receiptMissing")
                : c.refundAmountCents > 0
                  ? t("adminCancellations.actions.completeRefund", {
                      amount: display.money(c.refundAmountCents),
                    })
                  : orderCancelled(c)
                    ? t("adminCancellations.actions.completeNoRefund")
                    : t("adminCancellations.actions.completeRequest")}
            </Text>
          </Stack>
        </SectionCard>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title={t("adminCancellations.order.title")}>
          <DetailsList
            items={[
              {
                label: t("adminCancellations.order.number"),
                value: (
                  <AppLink to={pathOf("applications", ORDER_SEGMENT, c.order.orderId)}>
                    {t("adminCancellations.orderNumber", { number: c.order.orderNumber })}
                  </AppLink>
                ),
              },
              {
                label: t("adminCancellations.order.status"),
                value: <StatusBadge family="order" status={c.order.orderStatus} />,
              },
              {
                label: t("adminCancellations.order.employee"),
                value: `${c.order.employee.name} (${c.order.employee.email})`,
              },
              { label: t("adminCancellations.order.company"), value: c.order.company.name },
              { label: t("adminCancellations.order.store"), value: c.order.bikeStore?.storeName },
              { label: t("adminCancellations.order.total"), value: display.money(c.order.totalPriceCents) },
              {
                label: t("adminCancellations.order.ownShare"),
                value: display.money(c.order.userPaymentCents),
              },
            ]}
          />
        </SectionCard>
        <SectionCard title={t("adminCancellations.request.title")}>
          <DetailsList
            items={[
              {
                label: t("adminCancellations.request.requestedBy"),
                value: [t(REQUESTER_LABELS[c.requestedBy]), c.requestedByName].filter(Boolean).join(": "),
              },
              { label: t("adminCancellations.request.requestedAt"), value: formatDateTime(c.createdAt) },
              {
                label: t("adminCancellations.request.statusAtRequest"),
                value: c.orderStatusAtRequest ? (
                  <StatusBadge family="order" status={c.orderStatusAtRequest} />
                ) : null,
              },
              {
                label: t("adminCancellations.request.reason"),
                value: <span style={{ whiteSpace: "pre-wrap" }}>{c.reason}</span>,
              },
              {
                label: t("adminCancellations.request.note"),
                value: c.note ? <span style={{ whiteSpace: "pre-wrap" }}>{c.note}</span> : null,
              },
              {
                label: t("adminCancellations.request.completed"),
                value: c.completedAt
                  ? [formatDateTime(c.completedAt), c.completedByName].filter(Boolean).join(" · ")
                  : null,
              },
            ]}
          />
        </SectionCard>
      </SimpleGrid>

      <RefundSection cancellation={c} />
      <ReceiptsSection cancellation={c} onDelete={(receipt) => openDialog({ deleteReceipt: receipt })} />

      <SectionCard title={t("adminCancellations.events.title")}>
        <Events events={c.events} />
      </SectionCard>

      <ConfirmDialog
        opened={dialog === "complete"}
        title={t("adminCancellations.complete.title", { number: c.order.orderNumber })}
        confirmLabel={t("adminCancellations.complete.confirm")}
        onConfirm={() => run({ kind: "complete" })}
        onCancel={closeDialog}
        loading={action.isPending}
      >
        {c.refundAmountCents > 0
          ? t("adminCancellations.complete.textRefund", { amount: display.money(c.refundAmountCents) })
          : orderCancelled(c)
            ? t("adminCancellations.complete.textNoRefund")
            : t("adminCancellations.complete.textRequest")}
        {error && dialog === "complete" && <DialogError text={error} />}
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === "withdraw"}
        title={t("adminCancellations.withdraw.title", { number: c.order.orderNumber })}
        confirmLabel={t("adminCancellations.withdraw.confirm")}
        onConfirm={() => run({ kind: "withdraw" })}
        onCancel={closeDialog}
        loading={action.isPending}
      >
        {t("adminCancellations.withdraw.text")}
        {error && dialog === "withdraw" && <DialogError text={error} />}
      </ConfirmDialog>
      <ConfirmDialog
        opened={typeof dialog === "object" && dialog !== null}
        title={t("adminCancellations.receipts.deleteTitle", {
          name: typeof dialog === "object" && dialog ? dialog.deleteReceipt.fileName : "",
        })}
        confirmLabel={t("adminCancellations.receipts.deleteConfirm")}
        onConfirm={() =>
          typeof dialog === "object" &&
          dialog &&
          run({ kind: "deleteReceipt", refundUploadId: dialog.deleteReceipt.id })
        }
        onCancel={closeDialog}
        loading={action.isPending}
      >
        {t("adminCancellations.receipts.deleteText")}
        {error && typeof dialog === "object" && dialog && <DialogError text={error} />}
      </ConfirmDialog>
    </Stack>
  );
}

/** An action's failure inside its dialog (the dialog's text is one paragraph: the alert follows inline). */
function DialogError({ text }: { text: string }) {
  return (
    <Text component="span" role="alert" c="red" display="block" mt="sm">
      {text}
    </Text>
  );
}

const NONE = "";

/** The refund: who pays whom and how much; the helpdesk changes it while the cancellation is open. */
function RefundSection({ cancellation: c }: { cancellation: TCancellation }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const action = useCancellationAction(c.orderCancellationId);
  const form = useForm({
    initialValues: {
      amount: formatEuroInput(c.refundAmountCents, display.lang),
      payerType: c.payerType ?? NONE,
      refundToType: c.refundToType ?? NONE,
    },
    validate: {
      amount: (value) => {
        return parseEuroInput(value) === null ? t("adminCancellations.refund.amountInvalid") : null;
      },
      payerType: (value, values) =>
        value === NONE && (parseEuroInput(values.amount) ?? 0) > 0
          ? t("adminCancellations.refund.payerRequired")
          : null,
      refundToType: (value, values) => {
        if (value === NONE && (parseEuroInput(values.amount) ?? 0) > 0)
          return t("adminCancellations.refund.recipientRequired");
        return value !== NONE && value === values.payerType ? t("adminCancellations.refund.samePayer") : null;
      },
    },
  });
  const payerOptions = [
    { value: NONE, label: t("adminCancellations.refund.nobody") },
    ...PAYER_TYPES.map((payer) => ({ value: payer, label: t(PAYER_LABELS[payer]) })),
  ];
  const flow =
    c.payerType && c.refundToType
      ? t("adminCancellations.refund.flow", {
          payer: t(PAYER_LABELS[c.payerType]),
          recipient: t(PAYER_LABELS[c.refundToType]),
        })
      : null;

  if (c.status !== "PENDING")
    return (
      <SectionCard title={t("adminCancellations.refund.title")}>
        <DetailsList
          items={[
            {
              label: t("adminCancellations.refund.amount"),
              value:
                c.refundAmountCents > 0
                  ? display.money(c.refundAmountCents)
                  : t("adminCancellations.refund.none"),
            },
            { label: t("adminCancellations.refund.parties"), value: flow },
          ]}
        />
      </SectionCard>
    );

  const save = form.onSubmit((values) =>
    action.mutate(
      {
        kind: "update",
        body: {
          refundAmountCents: eurosToCents(values.amount),
          payerType: values.payerType === NONE ? null : (values.payerType as PayerType),
          refundToType: values.refundToType === NONE ? null : (values.refundToType as PayerType),
        },
      },
      {
        onSuccess: () => {
          form.resetDirty();
          showSuccessToast(t(DONE_KEYS.update));
        },
        onError: (error) => {
          // The server names the field it refuses (body.payerType, body.refundToType).
          if (error instanceof ApiError)
            for (const detail of error.details) {
              const field = detail.field.replace(/^body\./, "");
              if (field in form.values) form.setFieldError(field, messageWithServerText(error, t));
            }
        },
      },
    ),
  );

  return (
    <SectionCard
      title={t("adminCancellations.refund.title")}
      description={t("adminCancellations.refund.description")}
    >
      <form noValidate onSubmit={save}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <EuroInput label={t("adminCancellations.refund.amount")} {...form.getInputProps("amount")} />
            <NativeSelect
              label={t("adminCancellations.refund.payer")}
              data={payerOptions}
              {...form.getInputProps("payerType")}
            />
            <NativeSelect
              label={t("adminCancellations.refund.recipient")}
              data={payerOptions}
              {...form.getInputProps("refundToType")}
            />
          </SimpleGrid>
          {action.isError && (
            <Alert color="red" variant="light" role="alert" title={t("adminCancellations.actions.failed")}>
              {messageWithServerText(action.error, t)}
            </Alert>
          )}
          <Group>
            <Button type="submit" variant="default" loading={action.isPending}>
              {t("adminCancellations.refund.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}

/** The receipts of the refund: open each, add one (PDF or image) or delete one while open. */
function ReceiptsSection({
  cancellation: c,
  onDelete,
}: {
  cancellation: TCancellation;
  onDelete: (receipt: { id: string; fileName: string }) => void;
}) {
  const { t } = useTranslation();
  const display = useDisplay();
  const upload = useCancellationAction(c.orderCancellationId);
  const [file, setFile] = useState<File | null>(null);
  const [amount, setAmount] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const open = c.status === "PENDING";

  function send() {
    if (!file) {
      setFieldError(t("adminCancellations.receipts.fileRequired"));
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setFieldError(t("adminCancellations.receipts.tooLarge"));
      return;
    }
    const cents = amount.trim() ? parseEuroInput(amount) : null;
    if (amount.trim() && cents === null) {
      setFieldError(t("adminCancellations.refund.amountInvalid"));
      return;
    }
    setFieldError(null);
    upload.mutate(
      { kind: "upload", file, amountCents: cents },
      {
        onSuccess: () => {
          setFile(null);
          setAmount("");
          showSuccessToast(t(DONE_KEYS.upload));
        },
      },
    );
  }

  return (
    <SectionCard title={t("adminCancellations.receipts.title")}>
      <Stack gap="md">
        {c.uploadedRefunds.length === 0 ? (
          <EmptyState
            text={open ? t("adminCancellations.receipts.emptyOpen") : t("adminCancellations.receipts.empty")}
          />
        ) : (
          <Table.ScrollContainer
            minWidth={520}
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, "aria-label": t("adminCancellations.receipts.title") },
            }}
          >
            <Table striped aria-label={t("adminCancellations.receipts.title")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("adminCancellations.receipts.file")}</Table.Th>
                  <Table.Th ta="right">{t("adminCancellations.receipts.amount")}</Table.Th>
                  <Table.Th>{t("adminCancellations.receipts.uploadedAt")}</Table.Th>
                  {open && <Table.Th>{t("adminCancellations.receipts.actions")}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.uploadedRefunds.map((receipt) => (
                  <Table.Tr key={receipt.refundUploadId}>
                    <Table.Td>
                      <Anchor href={refundFileHref(receipt.refundUploadId)} target="_blank" rel="noopener">
                        {receipt.fileName}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {t("adminCancellations.receipts.size", {
                          kb: Math.max(1, Math.round(receipt.sizeBytes / 1024)),
                        })}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {receipt.amountCents === null ? "–" : display.money(receipt.amountCents)}
                    </Table.Td>
                    <Table.Td>{formatDateTime(receipt.createdAt)}</Table.Td>
                    {open && (
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => onDelete({ id: receipt.refundUploadId, fileName: receipt.fileName })}
                          aria-label={t("adminCancellations.receipts.deleteNamed", {
                            name: receipt.fileName,
                          })}
                        >
                          {t("adminCancellations.receipts.delete")}
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {open && (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <FileInput
                label={t("adminCancellations.receipts.pick")}
                description={t("adminCancellations.receipts.pickHelp")}
                accept={UPLOAD_MIME_TYPES.join(",")}
                value={file}
                onChange={(picked) => {
                  setFile(picked);
                  setFieldError(null);
                }}
                error={fieldError}
                clearable
              />
              <EuroInput
                label={t("adminCancellations.receipts.amountOptional")}
                value={amount}
                onChange={(event) => setAmount(event.currentTarget.value)}
              />
            </SimpleGrid>
            {upload.isError && (
              <Alert color="red" variant="light" role="alert" title={t("adminCancellations.receipts.failed")}>
                {messageWithServerText(upload.error, t)}
              </Alert>
            )}
            <Group>
              <Button onClick={send} loading={upload.isPending}>
                {t("adminCancellations.receipts.upload")}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}

/** The cancellation's events, newest first, with the order's moves it made. */
function Events({ events }: { events: readonly TOrderEvent[] }) {
  const { t } = useTranslation();
  if (events.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("adminCancellations.events.none")}
      </Text>
    );
  const status = (s: TOrderEvent["to"]) => (s ? t(STATUS_LABEL_KEYS.order[s] ?? s) : "–");
  return (
    <EventTimeline
      events={[...events].reverse().map((event) => ({
        id: event.id,
        at: event.createdAt,
        actor:
          event.actorName ??
          (event.by === "system"
            ? t("adminCancellations.events.system")
            : t("adminCancellations.events.user")),
        text: (
          <>
            {t(eventTypeLabelKey(event.type))}
            {event.to && (
              <Text size="sm" c="dimmed" component="span">
                {" "}
                {t("adminCancellations.events.move", { from: status(event.from), to: status(event.to) })}
              </Text>
            )}
          </>
        ),
      }))}
    />
  );
}
