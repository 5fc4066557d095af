import type { TaskKind } from "../../../../contract/tasks.ts";

/**
 * The sub-paths of Hakemukset: the order queue is the tab itself, the rest lie below it. The after-sale
 * views (ADR 009) each have a segment, and one object of theirs is the segment and its id
 * (/admin/hakemukset/peruutukset/{orderCancellationId}).
 */
export const APPLICATIONS_SEGMENT = "yrityshakemukset";
export const ORDER_SEGMENT = "tilaus";

export const AFTER_SALES_SEGMENTS = {
  cancellations: "peruutukset",
  claims: "vahingot",
  redemptions: "lunastukset",
  payments: "maksut",
  brokerage: "valitys",
} as const;
export type AfterSalesView = keyof typeof AFTER_SALES_SEGMENTS;
export const AFTER_SALES_VIEWS = Object.keys(AFTER_SALES_SEGMENTS) as AfterSalesView[];

/** The work of GET /api/tasks each view does (its count is the view's badge). */
export const AFTER_SALES_TASK_OF_VIEW: Record<AfterSalesView, TaskKind> = {
  cancellations: "ORDER_CANCELLATION",
  claims: "INSURANCE_CLAIM",
  redemptions: "BIKE_REDEMPTION",
  payments: "USER_PAYMENT",
  brokerage: "BROKERAGE_INQUIRY",
};
