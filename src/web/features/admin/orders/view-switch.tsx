import { Badge, Group, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { StackingSegments } from "../../../components/stacking-segments.tsx";
import { AFTER_SALES_VIEWS, type AfterSalesView } from "./helpdesk-paths.ts";

export type HelpdeskView = "orders" | AfterSalesView | "applications";
const HELPDESK_VIEWS: readonly HelpdeskView[] = ["orders", ...AFTER_SALES_VIEWS, "applications"];

/**
 * The switch between Hakemukset's views (the order queue, what follows the sale, the company
 * applications), each name with the count of what waits for the helpdesk there. Seven names do not fit
 * side by side on a phone or a tablet: there they stack. Without `onChange` it is the switch as the
 * admin area's first view in its HTML draws it (admin-first-view.tsx), before any count has come.
 */
export function ViewSwitch({
  view,
  pendingOf = () => 0,
  onChange,
}: {
  view: HelpdeskView;
  pendingOf?: (view: HelpdeskView) => number;
  onChange?: (view: HelpdeskView) => void;
}) {
  const { t } = useTranslation();
  const label = (value: HelpdeskView): ReactNode => {
    const text = t(`adminOrders.views.${value}`);
    const pending = pendingOf(value);
    if (pending === 0) return text;
    return (
      <Group gap={6} wrap="nowrap" justify="center">
        <span>{text}</span>
        {/* The switch gives each name an equal share and lets a label shrink: the badge's own minimum
            width keeps its count readable beside a long name (a dot alone says nothing). */}
        <Badge size="sm" variant="filled" color="pedaali" miw="max-content">
          {pending}
          <VisuallyHidden>{` ${t("adminOrders.views.pending")}`}</VisuallyHidden>
        </Badge>
      </Group>
    );
  };
  return (
    <StackingSegments
      stackBelow="tablet"
      aria-label={t("adminOrders.views.label")}
      value={view}
      onChange={(value) => onChange?.(value as HelpdeskView)}
      data={HELPDESK_VIEWS.map((value) => ({ value, label: label(value) }))}
    />
  );
}
