import { Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ToneBadge } from "../../../components/status-badge.tsx";

/*
 * Badges of the reference data in the status badge's look and tone colours (design.md "StatusBadge"):
 * an unconfirmed row is a warning (someone must check it), a confirmed one and the default billing
 * table are success. The label carries the meaning.
 */
/** "Vahvistamaton" for a row no authoritative source confirmed; "Vahvistettu" only where asked (`showConfirmed`). */
export function ConfirmationBadge({
  confirmed,
  showConfirmed = false,
}: {
  confirmed: boolean;
  showConfirmed?: boolean;
}) {
  const { t } = useTranslation();
  if (!confirmed) return <ToneBadge tone="warning">{t("adminTaxTables.unconfirmed")}</ToneBadge>;
  return showConfirmed ? <ToneBadge tone="success">{t("adminTaxTables.confirmed")}</ToneBadge> : null;
}

export function DefaultBadge() {
  const { t } = useTranslation();
  return <ToneBadge tone="success">{t("adminTaxTables.billing.default")}</ToneBadge>;
}

/** A row's source and, when unconfirmed, its badge: the table column every tax table shows. */
/** Sources run to several titles and addresses: a long one opens from its first words, so rows stay short. */
const SOURCE_PREVIEW_CHARS = 70;

export function SourceCell({ source, confirmed }: { source: string; confirmed: boolean }) {
  const { t } = useTranslation();
  const long = source.length > SOURCE_PREVIEW_CHARS;
  return (
    <Stack gap={4} align="flex-start" maw={280}>
      <ConfirmationBadge confirmed={confirmed} />
      {long ? (
        <Text component="details" size="sm" style={{ overflowWrap: "anywhere" }}>
          <summary
            style={{ cursor: "pointer" }}
          >{`${source.slice(0, SOURCE_PREVIEW_CHARS).trimEnd()}…`}</summary>
          {source}
        </Text>
      ) : (
        <Text size="sm" style={{ overflowWrap: "anywhere" }} c={source ? undefined : "dimmed"}>
          {source || t("adminTaxTables.noSource")}
        </Text>
      )}
    </Stack>
  );
}
