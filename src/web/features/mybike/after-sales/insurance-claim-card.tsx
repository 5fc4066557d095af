import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Timeline, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { InsuranceClaimOutcome, SimpleState } from "../../../../domain/enums.ts";
import {
  CLAIM_STEPS,
  type InsuranceClaimStep,
  isInsuranceClaimStep,
} from "../../../../domain/insurance-claims.ts";
import type { StatusTone } from "../../../../domain/status-tones.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { DetailsList } from "../../../components/details-list.tsx";
import { FileField } from "../../../components/file-field.tsx";
import { ToneBadge } from "../../../components/status-badge.tsx";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { formErrorMessage } from "../../../lib/form-errors.ts";
import { formatDate, formatDateTime } from "../../../lib/formatters.ts";
import { money } from "../../../lib/money.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import {
  myClaimFileHref,
  type TInsuranceClaim,
  useAddClaimFiles,
  useMyClaim,
  useWithdrawClaim,
} from "./insurance-api.ts";
import { CLAIM_FILE_ACCEPT, checkClaimFiles } from "./insurance-files.ts";
import { dayText, useFileMessages } from "./insurance-report-form.tsx";

/** The label keys, spelled out so the catalogue check sees each in use. */
const TYPE_LABELS = {
  THEFT: "myBikeClaims.types.THEFT",
  DAMAGE: "myBikeClaims.types.DAMAGE",
} as const;
const STATUS_LABELS: Record<SimpleState, string> = {
  PENDING: "myBikeClaims.statuses.PENDING",
  COMPLETED: "myBikeClaims.statuses.COMPLETED",
  CANCELLED: "myBikeClaims.statuses.CANCELLED",
};
const STATUS_TONES: Record<SimpleState, StatusTone> = {
  PENDING: "warning",
  COMPLETED: "success",
  CANCELLED: "neutral",
};
const OUTCOME_LABELS: Record<InsuranceClaimOutcome, string> = {
  REPAIR: "myBikeClaims.outcomes.REPAIR",
  NEW_BIKE: "myBikeClaims.outcomes.NEW_BIKE",
  END_OF_LEASING: "myBikeClaims.outcomes.END_OF_LEASING",
};
const STEP_LABELS: Record<InsuranceClaimStep, string> = {
  INSURANCE_REPAIR_BIKE_SUBMITTED: "myBikeClaims.steps.INSURANCE_REPAIR_BIKE_SUBMITTED",
  INSURANCE_REPAIR_INVOICE_SENT: "myBikeClaims.steps.INSURANCE_REPAIR_INVOICE_SENT",
  INSURANCE_NEW_BIKE_CASE_SUBMITTED: "myBikeClaims.steps.INSURANCE_NEW_BIKE_CASE_SUBMITTED",
  INSURANCE_GRENKE_INVOICE_SENT: "myBikeClaims.steps.INSURANCE_GRENKE_INVOICE_SENT",
  INSURANCE_CASE_COMPLETED: "myBikeClaims.steps.INSURANCE_CASE_COMPLETED",
  INSURANCE_END_OF_LEASING_COMPLETED: "myBikeClaims.steps.INSURANCE_END_OF_LEASING_COMPLETED",
};

/**
 * The claim's way as the employee follows it: received, then the outcome's steps (taken ones with their
 * date, the rest to come); before the outcome is chosen, the helpdesk's decision comes next.
 */
function ClaimTimeline({ claim }: { claim: TInsuranceClaim }) {
  const { t } = useTranslation();
  const taken = new Map(
    claim.events
      .filter((e) => isInsuranceClaimStep(e.type))
      .map((e) => [e.type as InsuranceClaimStep, e.createdAt]),
  );
  const road = claim.outcome ? CLAIM_STEPS[claim.outcome] : [];
  const items = [
    { key: "received", label: t("myBikeClaims.timeline.received"), at: claim.createdAt as string | null },
    ...(claim.outcome
      ? road.map((step) => ({ key: step, label: t(STEP_LABELS[step]), at: taken.get(step) ?? null }))
      : [{ key: "deciding", label: t("myBikeClaims.timeline.deciding"), at: null }]),
  ];
  const active = items.reduce((last, item, i) => (item.at ? i : last), 0);
  return (
    <Timeline
      active={active}
      bulletSize={12}
      lineWidth={2}
      role="list"
      aria-label={t("myBikeClaims.timeline.label")}
    >
      {items.map((item) => (
        <Timeline.Item key={item.key} role="listitem" title={item.label}>
          <Text size="sm" c="dimmed">
            {item.at ? (
              <time dateTime={item.at}>{formatDateTime(item.at)}</time>
            ) : (
              t("myBikeClaims.timeline.toCome")
            )}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** Adding photos to an open claim: checked in the browser, each refusal of the server named at the field. */
function AddPhotos({ claim }: { claim: TInsuranceClaim }) {
  const { t } = useTranslation();
  const add = useAddClaimFiles();
  const messages = useFileMessages();
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);

  async function choose(next: File[]) {
    setFiles(next);
    const problems = await checkClaimFiles(next, claim.files.length);
    setError(problems.length ? messages.problems(problems) : null);
  }
  async function send() {
    const problems = await checkClaimFiles(files, claim.files.length);
    if (problems.length) return setError(messages.problems(problems));
    const failed = await add.mutateAsync({ claimId: claim.insuranceId, files });
    setFiles(failed.map((f) => f.file));
    setError(failed.length ? messages.failures(failed) : null);
    if (failed.length === 0) showSuccessToast(t("myBikeClaims.card.photosAdded"));
  }

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <FileField
        label={t("myBikeClaims.card.addPhotos")}
        description={t("myBikeClaims.form.filesHelp")}
        accept={CLAIM_FILE_ACCEPT}
        multiple
        clearable
        value={files}
        onChange={(next) => void choose(next)}
        error={error}
        style={{ flex: "1 1 16rem" }}
      />
      <Button
        variant="light"
        onClick={() => void send()}
        disabled={files.length === 0 || error !== null}
        loading={add.isPending}
      >
        {t("myBikeClaims.card.send")}
      </Button>
    </Group>
  );
}

/** One claim of the bike: its type and status, what was reported, what the employee pays, its way, its photos. */
export function InsuranceClaimCard({ claimId }: { claimId: string }) {
  const { t } = useTranslation();
  const query = useMyClaim(claimId);
  const withdraw = useWithdrawClaim();
  const [asking, setAsking] = useState(false);

  if (query.isPending) return <Loader size="sm" role="status" aria-label={t("ds.table.loading")} />;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {formErrorMessage(query.error, t)}
      </Alert>
    );
  const claim = query.data;
  const open = claim.status === "PENDING";
  const title = claim.incidentDate
    ? t("myBikeClaims.card.title", { type: t(TYPE_LABELS[claim.type]), date: dayText(claim.incidentDate) })
    : t(TYPE_LABELS[claim.type]);

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={title}>
      <Stack gap="md">
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Title order={3} size="h5">
            {title}
          </Title>
          <ToneBadge tone={STATUS_TONES[claim.status]}>{t(STATUS_LABELS[claim.status])}</ToneBadge>
        </Group>
        <DetailsList
          items={[
            { label: t("myBikeClaims.card.reported"), value: formatDate(claim.createdAt) },
            { label: t("myBikeClaims.card.policeReportNumber"), value: claim.policeReportNumber },
            {
              label: t("myBikeClaims.card.outcome"),
              value: claim.outcome ? t(OUTCOME_LABELS[claim.outcome]) : null,
            },
            {
              label: open ? t("myBikeClaims.card.deductible") : t("myBikeClaims.card.toPay"),
              value: money(claim.userPayment?.amountCents ?? claim.deductibleOwedCents),
            },
            { label: t("myBikeClaims.card.insuredValue"), value: money(claim.insuredValueCents) },
          ]}
        />
        <ClaimTimeline claim={claim} />
        {claim.files.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t("myBikeClaims.card.files")}
            </Text>
            {claim.files.map((file) => (
              <Anchor
                key={file.id}
                size="sm"
                href={myClaimFileHref(claim.insuranceId, file.id)}
                target="_blank"
                rel="noreferrer"
                style={{ overflowWrap: "anywhere" }}
              >
                {file.fileName}
              </Anchor>
            ))}
          </Stack>
        )}
        {claim.allowedActions.includes("ADD_FILE") && <AddPhotos claim={claim} />}
        {claim.allowedActions.includes("DELETE") && (
          <Group>
            <Button variant="subtle" color="red" onClick={() => setAsking(true)}>
              {t("myBikeClaims.card.withdraw")}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={t("myBikeClaims.card.withdrawTitle")}
        confirmLabel={t("myBikeClaims.card.withdraw")}
        onCancel={() => {
          withdraw.reset();
          setAsking(false);
        }}
        onConfirm={() =>
          mutateThen(withdraw, claim.insuranceId, {
            onSuccess: () => {
              setAsking(false);
              showSuccessToast(t("myBikeClaims.card.withdrawn"));
            },
          })
        }
        loading={withdraw.isPending}
      >
        <Stack gap="sm">
          <Text>{t("myBikeClaims.card.withdrawText")}</Text>
          {withdraw.isError && (
            <Alert color="red" role="alert">
              {formErrorMessage(withdraw.error, t)}
            </Alert>
          )}
        </Stack>
      </ConfirmDialog>
    </Paper>
  );
}
