import type { SimpleState } from "../../../../domain/enums.ts";
import type { StatusTone } from "../../../../domain/status-tones.ts";

/**
 * The employer's words of a lease end's state, spelled out so that the catalogue check sees every key;
 * the options' words shared with /mybike and the helpdesk are in features/lease-end.
 */

export const STATUS_LABELS: Record<SimpleState, string> = {
  PENDING: "employerLeaseEnds.status.PENDING",
  COMPLETED: "employerLeaseEnds.status.COMPLETED",
  CANCELLED: "employerLeaseEnds.status.CANCELLED",
};

/** An open case waits for someone; a completed one is done; a cancelled one closed without fault. */
export const STATUS_TONES: Record<SimpleState, StatusTone> = {
  PENDING: "warning",
  COMPLETED: "success",
  CANCELLED: "neutral",
};
