import { ORDER_STATUSES, type OrderStatus } from "../../domain/enums.ts";
import type { OrderParty } from "../../domain/order-state-machine.ts";
import { STATUS_LABEL_KEYS } from "./status-labels.ts";

/** Who reads an order's steps: the employee on /mybike, or a side that works on the order. */
export const ORDER_AUDIENCES = ["EMPLOYEE", "EMPLOYER", "BIKE_STORE", "HELPDESK"] as const;
export type OrderAudience = (typeof ORDER_AUDIENCES)[number];

/** A lifecycle status, or the lease's end after it. */
export type OrderStep = OrderStatus | "REDEMPTION";
export const ORDER_STEPS: readonly OrderStep[] = [...ORDER_STATUSES, "REDEMPTION"];

/**
 * The employee's words for each step: what happens to them, never an internal step, a status or the
 * leasing company's name. Spelled out so the type checker wants words for each new status.
 */
const EMPLOYEE_STEPS: Record<OrderStep, string> = {
  NOT_STARTED: "ds.orderSteps.employee.NOT_STARTED",
  PENDING: "ds.orderSteps.employee.PENDING",
  PACKAGE_PROVIDED: "ds.orderSteps.employee.PACKAGE_PROVIDED",
  ALL_INFO_PROVIDED: "ds.orderSteps.employee.ALL_INFO_PROVIDED",
  CONFIRMED: "ds.orderSteps.employee.CONFIRMED",
  PROCESSED: "ds.orderSteps.employee.PROCESSED",
  WAITING_FOR_INVOICE_MATCH: "ds.orderSteps.employee.WAITING_FOR_INVOICE_MATCH",
  WAITING_FOR_DELIVERY_DATE: "ds.orderSteps.employee.WAITING_FOR_DELIVERY_DATE",
  READY_FOR_BILLING: "ds.orderSteps.employee.READY_FOR_BILLING",
  GRENKE_INVOICE_SENT: "ds.orderSteps.employee.GRENKE_INVOICE_SENT",
  ACTIVE_LEASING: "ds.orderSteps.employee.ACTIVE_LEASING",
  WAITING_FOR_CUSTOMER_COMMENT: "ds.orderSteps.employee.WAITING_FOR_CUSTOMER_COMMENT",
  CANCELLED: "ds.orderSteps.employee.CANCELLED",
  CASE_X: "ds.orderSteps.employee.CASE_X",
  WIX: "ds.orderSteps.employee.WIX",
  REFUNDED: "ds.orderSteps.employee.REFUNDED",
  REDEMPTION: "ds.orderTimeline.redemption.title",
};

/** The sides that work on the order read its status by name, the same on every list and timeline. */
const WORKING_STEPS: Record<OrderStep, string> = {
  ...(STATUS_LABEL_KEYS.order as Record<OrderStatus, string>),
  REDEMPTION: "ds.orderTimeline.redemption.title",
};

/** Who the employee's current step waits for, in the employee's words. */
const EMPLOYEE_WAITING: Record<OrderParty, string> = {
  EMPLOYEE: "ds.orderSteps.employeeWaiting.EMPLOYEE",
  EMPLOYER: "ds.orderSteps.employeeWaiting.EMPLOYER",
  BIKE_STORE: "ds.orderSteps.employeeWaiting.BIKE_STORE",
  HELPDESK: "ds.orderSteps.employeeWaiting.HELPDESK",
  LEASING_COMPANY: "ds.orderSteps.employeeWaiting.LEASING_COMPANY",
};

/**
 * The one place that maps each internal step to the words each side sees (the keys of the fi, en and
 * sv catalogues): the employee's own words, or the status's name for the employer, the bike store and
 * the helpdesk.
 */
export function orderStepWordKey(step: OrderStep, audience: OrderAudience): string {
  return audience === "EMPLOYEE" ? EMPLOYEE_STEPS[step] : WORKING_STEPS[step];
}

/** The employee's words for who their order waits for; the other sides read "Waiting: <party>". */
export function employeeWaitingKey(party: OrderParty): string {
  return EMPLOYEE_WAITING[party];
}
