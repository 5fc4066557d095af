import { Alert, Button, CopyButton, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { REGISTRATION_LINK_DAYS } from "../../../domain/constants.ts";
import { DAY_MS } from "../../../domain/dates.ts";
import { QrCode } from "../../components/qr-code.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { mutateThen } from "../../lib/endpoint-client.ts";
import { formatDate } from "../../lib/formatters.ts";
import { type LinkTarget, useCreateRegisterLink } from "./companies-api.ts";
import { companyErrorText } from "./company-messages.ts";

/**
 * Registration links for the employees (docs/api-surface.md "Registration links"): one for the company and, when
 * `group` is given (a group admin, the admin tier), one for the whole group, with which employees of
 * every company of the group join and choose their company on the join page. Each made link shows its
 * join address with a copy button and a QR code, and how long it works; a new one can be made at any
 * time. Used by the employer's company settings, the /tyonantaja add tab and the admin company page.
 */
export function RegistrationLinkCard({
  company,
  group = null,
  headingOrder = 2,
}: {
  company: { id: string; name: string };
  group?: { id: string; name: string } | null;
  headingOrder?: 2 | 3;
}) {
  const { t } = useTranslation();
  const subOrder = headingOrder === 2 ? 3 : 4;
  return (
    <SectionCard
      title={t("companySections.link.title")}
      description={t("companySections.link.description")}
      headingOrder={headingOrder}
    >
      <Stack gap="lg">
        <LinkMaker
          target={{ kind: "company", id: company.id }}
          heading={group ? t("companySections.link.companyHeading", { name: company.name }) : null}
          headingOrder={subOrder}
          help={t("companySections.link.companyHelp", { name: company.name })}
        />
        {group && (
          <LinkMaker
            target={{ kind: "group", id: group.id }}
            heading={t("companySections.link.groupHeading", { group: group.name })}
            headingOrder={subOrder}
            help={t("companySections.link.groupHelp", { group: group.name })}
          />
        )}
        <Text size="sm" c="dimmed">
          {t("companySections.link.validity", { days: REGISTRATION_LINK_DAYS })}
        </Text>
      </Stack>
    </SectionCard>
  );
}

function LinkMaker({
  target,
  heading,
  headingOrder,
  help,
}: {
  target: LinkTarget;
  heading: string | null;
  headingOrder: 3 | 4;
  help: string;
}) {
  const { t } = useTranslation();
  const link = useCreateRegisterLink(target);
  const [madeAt, setMadeAt] = useState<number | null>(null);
  const made = link.data ?? null;
  return (
    <Stack gap="sm">
      {heading && (
        <Title order={headingOrder} size="h5">
          {heading}
        </Title>
      )}
      <Text size="sm">{help}</Text>
      {link.isError && (
        <Alert color="red" variant="light" role="alert" title={t("companySections.link.failedTitle")}>
          {t("companySections.link.failed", { reason: companyErrorText(link.error, t) })}
        </Alert>
      )}
      {made && madeAt !== null && (
        <LinkResult
          url={made.url}
          qrSvg={made.qrSvg}
          validUntil={formatDate(new Date(madeAt + REGISTRATION_LINK_DAYS * DAY_MS))}
        />
      )}
      <Group>
        <Button
          variant={made ? "default" : "light"}
          loading={link.isPending}
          onClick={() => mutateThen(link, undefined, { onSuccess: () => setMadeAt(Date.now()) })}
        >
          {made ? t("companySections.link.createNew") : t("companySections.link.create")}
        </Button>
      </Group>
    </Stack>
  );
}

/** A made link: the address to copy, its QR code and until when it works. */
function LinkResult({ url, qrSvg, validUntil }: { url: string; qrSvg: string; validUntil: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label={t("companySections.link.url")}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: "1 1 16rem" }}
        />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? t("companySections.link.copied") : t("companySections.link.copy")}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" role="status">
        {t("companySections.link.validUntil", { date: validUntil })}
      </Text>
      <QrCode svg={qrSvg} alt={t("companySections.link.qrAlt", { url })} />
    </Stack>
  );
}
