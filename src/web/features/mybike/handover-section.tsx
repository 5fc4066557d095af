import { Alert, Button, Group, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { zReportHandoverDefect } from "../../../contract/handovers.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import type { HandoverKind } from "../../../domain/handovers.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { useContractForm } from "../../lib/contract-form.ts";
import { mutateThen } from "../../lib/endpoint-client.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { formatDate } from "../../lib/formatters.ts";
import { showSuccessToast } from "../../lib/toast.ts";
import {
  HandoverRecord,
  orderProtocolHref,
  type TOrderHandover,
  useOrderHandover,
} from "../handover/index.ts";
import { useReportDefect, useSignHandover } from "./handover-api.ts";

/** From these statuses on an order may have a handover: the store hands the bike over at WAITING_FOR_DELIVERY_DATE. */
const WITH_HANDOVER: readonly OrderStatus[] = [
  "WAITING_FOR_DELIVERY_DATE",
  "READY_FOR_BILLING",
  "GRENKE_INVOICE_SENT",
  "ACTIVE_LEASING",
];

const SIGN_PROMPT_KEYS: Record<HandoverKind, string> = {
  IN_STORE: "handover.employee.signPrompt.IN_STORE",
  SHIPPED: "handover.employee.signPrompt.SHIPPED",
};

/** The pickup code, large enough to read out at the counter, in two groups of three. */
function PickupCode({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm">{t("handover.employee.codeIntro")}</Text>
      <Text
        component="p"
        fz={36}
        fw={700}
        ff="monospace"
        aria-label={t("handover.employee.codeLabel", { code: code.split("").join(" ") })}
      >
        {`${code.slice(0, 3)} ${code.slice(3)}`}
      </Text>
    </Stack>
  );
}

/** The employee signs for the bike on their own phone, after a confirmation of what they received. */
function SignForBike({ handover }: { handover: TOrderHandover }) {
  const { t } = useTranslation();
  const sign = useSignHandover(handover.orderId);
  const [asking, setAsking] = useState(false);
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" role="status">
        {t(SIGN_PROMPT_KEYS[handover.kind])}
      </Alert>
      {sign.isError && (
        <Alert color="red" variant="light" role="alert">
          {formErrorMessage(sign.error, t)}
        </Alert>
      )}
      <Group>
        <Button onClick={() => setAsking(true)}>{t("handover.employee.sign")}</Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        title={t("handover.employee.signTitle")}
        confirmLabel={t("handover.employee.sign")}
        loading={sign.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          mutateThen(sign, undefined, {
            onSuccess: () => showSuccessToast(t("handover.employee.signed")),
            onSettled: () => setAsking(false),
          })
        }
      >
        {t("handover.employee.signText", { frame: handover.handover?.frameSerialNumber ?? "" })}
      </ConfirmDialog>
    </Stack>
  );
}

/** A defect of a shipped bike, reported within its window: the store and the helpdesk read it. */
function ReportDefect({ handover }: { handover: TOrderHandover }) {
  const { t } = useTranslation();
  const report = useReportDefect(handover.orderId);
  const form = useContractForm<{ description: string }>({
    initialValues: { description: "" },
    schema: zReportHandoverDefect,
  });
  return (
    <form
      noValidate
      aria-label={t("handover.defect.label")}
      onSubmit={form.onSubmit((values) =>
        mutateThen(report, values, {
          onSuccess: () => {
            form.reset();
            showSuccessToast(t("handover.defect.sent"));
          },
          onError: (error) => form.setServerErrors(error),
        }),
      )}
    >
      <Stack gap="sm" maw={560}>
        <Title order={3} size="h5">
          {t("handover.defect.title")}
        </Title>
        <Text size="sm">
          {t("handover.defect.intro", { date: formatDate(handover.handover?.defectWindowEndsOn ?? "") })}
        </Text>
        <Textarea
          label={t("handover.defect.description")}
          required
          rows={3}
          {...form.getInputProps("description")}
        />
        {report.isError && (
          <Alert color="red" variant="light" role="alert">
            {formErrorMessage(report.error, t)}
          </Alert>
        )}
        <Group>
          <Button type="submit" variant="light" loading={report.isPending}>
            {t("handover.defect.send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The handover on the employee's page: the pickup code while the store may hand the bike over, the
 * signature the store's record waits for, then the record, its protocol and a defect report while
 * its window is open. Nothing while there is nothing of it.
 */
export function EmployeeHandover({ orderId, status }: { orderId: string; status: OrderStatus }) {
  return mayHaveHandover(status) ? <HandoverOfOrder orderId={orderId} /> : null;
}

/** Whether an order in this status may have a handover, which its card then asks for. */
export function mayHaveHandover(status: OrderStatus): boolean {
  return WITH_HANDOVER.includes(status);
}

function HandoverOfOrder({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const handover = useOrderHandover(orderId).data;
  if (!handover) return null;
  if (!handover.pickupCode && !handover.handover) return null;
  return (
    <SectionCard title={t("handover.employee.title")}>
      <Stack gap="md">
        {handover.pickupCode && <PickupCode code={handover.pickupCode} />}
        {handover.canSign && <SignForBike handover={handover} />}
        {handover.handover && (
          <HandoverRecord record={handover.handover} protocolHref={orderProtocolHref(orderId)} />
        )}
        {handover.canReportDefect && <ReportDefect handover={handover} />}
      </Stack>
    </SectionCard>
  );
}
