import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { TCompanyApplication } from "../../../../contract/admin.ts";
import type { Language } from "../../../../domain/enums.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { DetailsList } from "../../../components/details-list.tsx";
import { StatusBadge } from "../../../components/status-badge.tsx";
import { formatDateTime } from "../../../lib/formatters.ts";
import { useAdminNav } from "../admin-nav.ts";

/** The language names, spelled out so that the catalogue check sees every key in use. */
const LANGUAGE_LABELS: Record<Language, string> = {
  fi: "adminApplications.languages.fi",
  en: "adminApplications.languages.en",
  sv: "adminApplications.languages.sv",
};

function joined(...parts: (string | null)[]): string {
  return parts.filter((part) => part?.trim()).join(", ");
}

/** One application as the helpdesk reads it before deciding: who applies, what they told, and the decision. */
export function ApplicationCard({
  application: a,
  onAccept,
  onReject,
}: {
  application: TCompanyApplication;
  onAccept: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  const { pathOf } = useAdminNav();
  const headingId = useId();
  const address = joined(a.streetAddress, [a.postalCode, a.city].filter(Boolean).join(" "));
  const eInvoice = joined(a.eInvoiceAddress, a.eInvoiceOperator);
  return (
    <Paper
      component="article"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p={{ base: "md", sm: "lg" }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ minWidth: 0, flex: "1 1 16rem" }}>
            <Title order={3} size="h4" id={headingId} style={{ overflowWrap: "anywhere" }}>
              {a.companyName}
            </Title>
            <Text size="sm" c="dimmed">
              {t("adminApplications.received", { time: formatDateTime(a.createdAt) })}
            </Text>
          </div>
          <StatusBadge family="request" status={a.status} />
        </Group>
        {a.businessIdInUse && a.status === "PENDING" && (
          <Alert variant="light" color="yellow" title={t("adminApplications.businessIdInUseTitle")}>
            {t("adminApplications.businessIdInUse")}
          </Alert>
        )}
        <DetailsList
          items={[
            { label: t("adminApplications.businessId"), value: a.businessId },
            { label: t("adminApplications.contact"), value: `${a.contactFirstName} ${a.contactLastName}` },
            {
              label: t("adminApplications.email"),
              value: <a href={`mailto:${a.contactEmail}`}>{a.contactEmail}</a>,
            },
            { label: t("adminApplications.phone"), value: a.contactPhoneNumber },
            {
              label: t("adminApplications.employees"),
              value: a.employeeCount === null ? null : String(a.employeeCount),
            },
            { label: t("adminApplications.address"), value: address },
            { label: t("adminApplications.eInvoice"), value: eInvoice },
            { label: t("adminApplications.language"), value: t(LANGUAGE_LABELS[a.language]) },
            {
              label: t("adminApplications.message"),
              value: a.message && (
                <span style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{a.message}</span>
              ),
            },
            ...(a.status === "PENDING"
              ? []
              : [
                  {
                    label: t("adminApplications.reviewed"),
                    value: joined(a.reviewedBy?.name ?? null, a.reviewedAt && formatDateTime(a.reviewedAt)),
                  },
                  {
                    label: t("adminApplications.reviewNote"),
                    value: a.reviewNote && <span style={{ whiteSpace: "pre-wrap" }}>{a.reviewNote}</span>,
                  },
                ]),
            ...(a.createdCompanyId
              ? [
                  {
                    label: t("adminApplications.createdCompany"),
                    value: (
                      <AppLink to={pathOf("companies", a.createdCompanyId)}>
                        {t("adminApplications.openCompany")}
                      </AppLink>
                    ),
                  },
                ]
              : []),
          ]}
        />
        {a.status === "PENDING" && (
          <Group gap="sm">
            <Button
              onClick={onAccept}
              aria-label={t("adminApplications.acceptNamed", { company: a.companyName })}
            >
              {t("adminApplications.acceptAction")}
            </Button>
            <Button
              variant="outline"
              color="red"
              onClick={onReject}
              aria-label={t("adminApplications.rejectNamed", { company: a.companyName })}
            >
              {t("adminApplications.rejectAction")}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
