import type { EventEntityType, EventType } from "../../domain/enums.ts";
import { eventLog } from "./schema/index.ts";
import type { WriteContext } from "./transaction.ts";

export type EventRecord = {
  type: EventType;
  entity: { type: EventEntityType; id: string };
  /** The company the change belongs to (the audit view filters by it); null for platform-wide rows. */
  companyId: string | null;
  /** What the row records besides the change itself (a reason, the fields changed); never secrets. */
  data?: Record<string, unknown>;
};

/**
 * Writes one row of the event log (docs/product.md "States" event types) in the change's own transaction, so a change and
 * its audit row are either both there or both absent. The only writer of the event log besides the demo
 * seed: the audit view, the timelines and the reports read what goes through here (or recordEvents).
 */
export async function recordEvent(ctx: WriteContext, event: EventRecord): Promise<string> {
  const [row] = await ctx.tx.insert(eventLog).values(eventRow(ctx, event)).returning({ id: eventLog.id });
  return row?.id as string;
}

/** Many rows of one change at once (a staff file's new people): as recordEvent writes each. */
export async function recordEvents(ctx: WriteContext, events: readonly EventRecord[]): Promise<void> {
  if (events.length > 0) await ctx.tx.insert(eventLog).values(events.map((event) => eventRow(ctx, event)));
}

function eventRow(ctx: WriteContext, event: EventRecord) {
  return {
    type: event.type,
    actorUserId: ctx.actor.userId,
    companyId: event.companyId,
    entityType: event.entity.type,
    entityId: event.entity.id,
    data: ctx.importId ? { ...event.data, importId: ctx.importId } : (event.data ?? {}),
    createdAt: ctx.now,
  };
}
