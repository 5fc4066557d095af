import type { EventType } from "../../../../domain/enums.ts";

/**
 * The label key of an event type: `adminAudit.types.<TYPE>` (a dynamic family in locales.test.ts;
 * event-types.test.ts checks every EVENT_TYPES value has a label in fi, en and sv).
 */
export function eventTypeLabelKey(type: EventType): string {
  return `adminAudit.types.${type}`;
}
