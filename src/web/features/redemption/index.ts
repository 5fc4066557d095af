// What other features may use of this one: a feature imports another only through its index.
export { ChooseForEmployeeForm } from "./choose-for-employee-form.tsx";
export { dayOutsideText, refusedDayText } from "./early-end-day.ts";
export { offerFileHref } from "./offer-file.ts";
export { costText, day, RedemptionOptions, RedemptionPriceTable } from "./redemption-options.tsx";
export { RedemptionStateBadge } from "./redemption-state-badge.tsx";
export { CHOICE_LABELS, METHOD_LABELS, REASON_LABELS, STATE_LABELS } from "./redemption-words.ts";
