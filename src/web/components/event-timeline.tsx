import { Text, Timeline } from "@mantine/core";
import type { ReactNode } from "react";
import { formatDateTime } from "../lib/formatters.ts";

export type TimelineEvent = {
  id: string;
  /** When it happened (ISO time from the API); shown DD.MM.YYYY HH:mm in Finnish time (docs/product.md "Constants"). */
  at: string | Date;
  /** Who did it: a person's name, or the system. */
  actor: string;
  /** What happened, in the reader's language. */
  text: ReactNode;
};

/** An event log (an order's, a user's) as a timeline, in the order given (newest first by convention). */
export function EventTimeline({ events }: { events: readonly TimelineEvent[] }) {
  return (
    <Timeline role="list" bulletSize={14} lineWidth={2} active={events.length - 1}>
      {events.map((event) => {
        const at = typeof event.at === "string" ? event.at : event.at.toISOString();
        return (
          <Timeline.Item key={event.id} role="listitem" title={event.text}>
            <Text size="sm" c="dimmed" mt={2}>
              <time dateTime={at}>{formatDateTime(at)}</time>
              {" · "}
              {event.actor}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
