import type {
  OrderCancellationRequester,
  OrderCancellationStatus,
  PayerType,
} from "../../../../../domain/enums.ts";
import type { StatusTone } from "../../../../../domain/status-tones.ts";
import type { CancellationAction } from "./cancellations-api.ts";

/** The cancellations' words for the helpdesk, spelled out so the catalogue check sees every key. */

export const STATUS_LABELS: Record<OrderCancellationStatus, string> = {
  PENDING: "adminCancellations.status.PENDING",
  COMPLETED: "adminCancellations.status.COMPLETED",
  CANCELLED: "adminCancellations.status.CANCELLED",
};

/** Open work waits for the helpdesk; a completed one is done; a withdrawn one closed without fault. */
export const STATUS_TONES: Record<OrderCancellationStatus, StatusTone> = {
  PENDING: "warning",
  COMPLETED: "success",
  CANCELLED: "neutral",
};

export const REQUESTER_LABELS: Record<OrderCancellationRequester, string> = {
  EMPLOYEE: "adminCancellations.requester.EMPLOYEE",
  EMPLOYER: "adminCancellations.requester.EMPLOYER",
  HELPDESK: "adminCancellations.requester.HELPDESK",
};

/** docs/product.md "States" payer types, in the words of the platform report. */
export const PAYER_LABELS: Record<PayerType, string> = {
  BIKE_STORE: "adminReports.payers.BIKE_STORE",
  PEDAALI: "adminReports.payers.PEDAALI",
  GRENKE: "adminReports.payers.GRENKE",
  LEASE_PLUS: "adminReports.payers.LEASE_PLUS",
  SVEA: "adminReports.payers.SVEA",
  EMPLOYEE: "adminReports.payers.EMPLOYEE",
  OTHER: "adminReports.payers.OTHER",
};

/** The success line of each action. */
export const DONE_KEYS: Record<CancellationAction["kind"], string> = {
  update: "adminCancellations.done.update",
  complete: "adminCancellations.done.complete",
  withdraw: "adminCancellations.done.withdraw",
  upload: "adminCancellations.done.upload",
  deleteReceipt: "adminCancellations.done.deleteReceipt",
};
