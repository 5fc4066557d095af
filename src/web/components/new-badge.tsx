import { useTranslation } from "react-i18next";
import { ToneBadge } from "./status-badge.tsx";

/** "New" beside a list's row that changed since the reader last looked at the list. */
export function NewBadge() {
  const { t } = useTranslation();
  return (
    <span title={t("ds.news.badgeHelp")}>
      <ToneBadge tone="info">{t("ds.news.badge")}</ToneBadge>
    </span>
  );
}
