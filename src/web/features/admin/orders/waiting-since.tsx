import { Text, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { OrderParty } from "../../../../domain/order-state-machine.ts";
import { formatDateTime } from "../../../lib/formatters.ts";
import { sinceText, WAITING_ON_LABELS } from "./order-labels.ts";

/**
 * Whom an order waits for and since when: "Pyöräliike · 3 päivää sitten", the exact Finnish time in
 * the `<time>` element, for a screen reader, and as its title, which a mouse shows. Nobody (a finished or
 * cancelled order) reads as a dash. The title is the browser's own: a tooltip component on each of the
 * queue's twenty rows set up its floating position as the rows mounted, a fifth of their render.
 */
export function WaitingSince({ waitingOn, since }: { waitingOn: OrderParty | null; since: string }) {
  const { t } = useTranslation();
  const exact = formatDateTime(since);
  return (
    // Each half stays whole; on a phone's card, narrower than the two, the time goes below whom.
    <Text size="sm" component="span">
      <span style={{ whiteSpace: "nowrap" }}>
        {waitingOn ? t(WAITING_ON_LABELS[waitingOn]) : t("adminOrders.waitingOn.nobody")}
        {" ·"}
      </span>{" "}
      <time dateTime={since} title={exact} style={{ whiteSpace: "nowrap" }}>
        {sinceText(t, since)}
        <VisuallyHidden>{` (${exact})`}</VisuallyHidden>
      </time>
    </Text>
  );
}
