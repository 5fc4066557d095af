import type { PaymentMethod, UserPaymentKind } from "../../../../../domain/enums.ts";
import type { UserPaymentWords } from "../../../../lib/user-payment-text.ts";

/** The label keys of what a payment is for and how it is paid, spelled out for the catalogue check. */
export const KIND_LABELS: Record<UserPaymentKind, string> = {
  OWN_SHARE: "adminUserPayments.kinds.OWN_SHARE",
  REDEMPTION: "adminUserPayments.kinds.REDEMPTION",
  RETURN_FEE: "adminUserPayments.kinds.RETURN_FEE",
  DEDUCTIBLE: "adminUserPayments.kinds.DEDUCTIBLE",
  OTHER: "adminUserPayments.kinds.OTHER",
};

/** What a payment is for, as the helpdesk's lists name it (userPaymentWhat). */
export const PAYMENT_WORDS: UserPaymentWords<UserPaymentKind> = {
  kinds: KIND_LABELS,
  order: "adminUserPayments.order",
};

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  PAYROLL: "adminUserPayments.methods.PAYROLL",
  BATCH: "adminUserPayments.methods.BATCH",
};
