import type { TFunction } from "i18next";

/** One area's label keys for what a payment is: its kinds, and its order ("order {{number}}"). */
export type UserPaymentWords<K extends string> = {
  kinds: Record<K, string>;
  order?: string;
};

/**
 * What an employee's payment is for, as every list and page names it: its kind in the reader's
 * language, then what a person typed for it (the helpdesk's hand-made payment) as typed, then its
 * order once. A payment Pedaali makes itself stores no description: its kind and order say it all.
 */
export function userPaymentWhat<K extends string>(
  t: TFunction,
  words: UserPaymentWords<K>,
  payment: { kind: K; description?: string | null; orderNumber?: number | null },
): { kind: string; detail: string } {
  const order = words.order && payment.orderNumber ? t(words.order, { number: payment.orderNumber }) : null;
  return {
    kind: t(words.kinds[payment.kind]),
    detail: [payment.description, order].filter(Boolean).join(" · "),
  };
}
