import { Alert, Button, List, Skeleton, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type TLegalHold, zErasureRequest } from "../../../../contract/erasure.ts";
import type { TSystemUserDetails } from "../../../../contract/system-users.ts";
import { erasureRefusal, isErasedEmail, LEGAL_BASES } from "../../../../domain/erasure.ts";
import { onFirstUse } from "../../../../domain/first-use.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { useSectionStatus } from "../../../components/section-status.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { textLimitOf, useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";
import { formatDate } from "../../../lib/formatters.ts";
import { useSession } from "../../../lib/session.ts";
import { useEraseUser, useLegalHolds } from "./users-api.ts";

const reasonMax = onFirstUse(() => textLimitOf(zErasureRequest, "reason"));

/** What must be settled first, as the 409's details name it (`blocker.RUNNING_LEASE`). */
const BLOCKER_KEYS: Readonly<Record<string, string>> = {
  RUNNING_LEASE: "adminUsers.erasure.blockers.RUNNING_LEASE",
  OPEN_ORDER: "adminUsers.erasure.blockers.OPEN_ORDER",
  OPEN_INSURANCE_CLAIM: "adminUsers.erasure.blockers.OPEN_INSURANCE_CLAIM",
  OPEN_REDEMPTION: "adminUsers.erasure.blockers.OPEN_REDEMPTION",
  OPEN_CANCELLATION: "adminUsers.erasure.blockers.OPEN_CANCELLATION",
  UNPAID_USER_PAYMENT: "adminUsers.erasure.blockers.UNPAID_USER_PAYMENT",
  UNPAID_REDEMPTION_PAYMENT: "adminUsers.erasure.blockers.UNPAID_REDEMPTION_PAYMENT",
};

/** The kept records' kinds in words. */
const ENTITY_KEYS: Readonly<Record<string, string>> = {
  leasingAgreement: "adminUsers.erasure.entities.leasingAgreement",
  signedDocument: "adminUsers.erasure.entities.signedDocument",
  strongIdentification: "adminUsers.erasure.entities.strongIdentification",
  handover: "adminUsers.erasure.entities.handover",
  invoice: "adminUsers.erasure.entities.invoice",
  userPayment: "adminUsers.erasure.entities.userPayment",
  redemptionPayment: "adminUsers.erasure.entities.redemptionPayment",
  refundUpload: "adminUsers.erasure.entities.refundUpload",
  leaseInvoice: "adminUsers.erasure.entities.leaseInvoice",
  payrollReportSnapshot: "adminUsers.erasure.entities.payrollReportSnapshot",
};

const BASIS_KEYS = {
  ACCOUNTING: "adminUsers.erasure.bases.ACCOUNTING",
  AGREEMENT: "adminUsers.erasure.bases.AGREEMENT",
} as const;

/** The law a hold names, in the reader's language; a text the page does not know is shown as sent. */
function basisKey(legalBasis: string): string | null {
  const known = Object.entries(LEGAL_BASES).find(([, text]) => text === legalBasis)?.[0];
  return known ? BASIS_KEYS[known as keyof typeof BASIS_KEYS] : null;
}

/** The blockers of a refused erasure, or null when the refusal was something else. */
function blockersOf(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.code !== "ERASURE_BLOCKED") return null;
  return error.details
    .map((detail) => detail.field.replace(/^blocker\./, ""))
    .filter((code) => code in BLOCKER_KEYS);
}

function LegalHolds({ holds }: { holds: TLegalHold[] }) {
  const { t } = useTranslation();
  if (holds.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("adminUsers.erasure.holds.empty")}
      </Text>
    );
  return (
    <ListTable
      label={t("adminUsers.erasure.holds.label")}
      rows={holds}
      rowKey={(hold) => hold.id}
      columns={[
        {
          accessor: "entityType",
          title: t("adminUsers.erasure.holds.record"),
          render: (hold) => {
            const key = ENTITY_KEYS[hold.entityType];
            return key ? t(key) : hold.entityType;
          },
        },
        {
          accessor: "legalBasis",
          title: t("adminUsers.erasure.holds.basis"),
          render: (hold) => {
            const key = basisKey(hold.legalBasis);
            return key ? t(key) : hold.legalBasis;
          },
        },
        {
          accessor: "endsOn",
          title: t("adminUsers.erasure.holds.endsOn"),
          noWrap: true,
          render: (hold) => formatDate(hold.endsOn),
        },
      ]}
    />
  );
}

/**
 * The danger zone of a person's page: the helpdesk erases the person's data at their request, with a
 * reason; a refusal names what to settle first; an erased person's page lists what a law still keeps.
 * Shown to those who hold person.erase, never on one's own page or (but to a super admin) a staff
 * member's: the server refuses those.
 */
export function UserErasure({ user }: { user: TSystemUserDetails }) {
  const { t } = useTranslation();
  const session = useSession();
  const status = useSectionStatus(t("adminUsers.erasure.title"));
  const canErase = session.user?.permissions.includes("person.erase") ?? false;
  const erased = isErasedEmail(user.workEmail);
  const holds = useLegalHolds(user.userId, canErase);
  const erase = useEraseUser(user.userId);
  const [opened, setOpened] = useState(false);
  // The erasure request's own schema; the reason says what it needs in the erasure's own words.
  const form = useContractForm({
    initialValues: { reason: "" },
    schema: zErasureRequest,
    toBody: (values) => ({ reason: values.reason.trim() }),
    rules: {
      reason: (reason) =>
        reason.trim() === ""
          ? t("adminUsers.erasure.reasonRequired")
          : reason.trim().length > reasonMax()
            ? t("adminUsers.erasure.reasonTooLong")
            : null,
    },
  });
  if (!canErase) return null;

  const refusal = erasureRefusal(
    {
      userId: session.user?.id ?? "",
      roles: (session.user?.roles ?? []).map((name) => ({ name, companyId: null })),
    },
    { userId: user.userId, roles: user.userRoles.map((r) => ({ name: r.roleName, companyId: r.companyId })) },
  );
  const blockers = blockersOf(erase.error);
  const name = `${user.firstName} ${user.lastName}`;

  function open() {
    status.clear();
    erase.reset();
    form.reset();
    setOpened(true);
  }
  const confirm = form.onSubmit(({ reason }) => {
    mutateThen(erase, reason.trim(), {
      onSuccess: () => {
        setOpened(false);
        status.success(t("adminUsers.erasure.done"));
      },
    });
  });

  return (
    <SectionCard
      title={t("adminUsers.erasure.title")}
      headingOrder={3}
      actions={
        !erased &&
        refusal === null && (
          <Button size="xs" variant="outline" color="red.9" onClick={open}>
            {t("adminUsers.erasure.button")}
          </Button>
        )
      }
    >
      <Stack gap="md">
        {status.element}
        <Text size="sm">{erased ? t("adminUsers.erasure.erased") : t("adminUsers.erasure.text")}</Text>
        {holds.isPending ? (
          <Skeleton height={40} />
        ) : holds.isError ? (
          <Text size="sm" role="alert">
            {t("adminUsers.erasure.holds.loadError")}
          </Text>
        ) : (
          (erased || holds.data.length > 0) && (
            <Stack gap="xs">
              <Text fw={600} size="sm">
                {t("adminUsers.erasure.holds.title")}
              </Text>
              <LegalHolds holds={holds.data} />
            </Stack>
          )
        )}
      </Stack>
      <ConfirmDialog
        opened={opened}
        title={t("adminUsers.erasure.dialogTitle", { name })}
        confirmLabel={t("adminUsers.erasure.confirm")}
        loading={erase.isPending}
        onCancel={() => setOpened(false)}
        onConfirm={() => confirm()}
      >
        <Stack gap="sm">
          <Text size="sm">{t("adminUsers.erasure.dialogText")}</Text>
          {erase.isError && (
            <Alert color="red" variant="light" role="alert">
              {blockers && blockers.length > 0 ? (
                <>
                  <Text size="sm">{t("adminUsers.erasure.blocked")}</Text>
                  <List size="sm">
                    {blockers.map((code) => (
                      <List.Item key={code}>{t(BLOCKER_KEYS[code] as string)}</List.Item>
                    ))}
                  </List>
                </>
              ) : (
                messageForApiError(erase.error, t)
              )}
            </Alert>
          )}
          <Textarea
            label={t("adminUsers.erasure.reason")}
            description={t("adminUsers.erasure.reasonHint")}
            required
            rows={3}
            {...form.getInputProps("reason")}
          />
        </Stack>
      </ConfirmDialog>
    </SectionCard>
  );
}
