import { type HeldRoleName, isStaffMember, tierOf } from "./user-tiers.ts";

/**
 * Erasing a person's data at their request (GDPR art. 17, docs/privacy.md "Erasure"): what must be
 * settled first, who may erase whom, what the erased account is left with, and how long a law keeps
 * the records it does not let go.
 */

/** What stands in for the erased names, as every list shows them. */
export const ERASED_FIRST_NAME = "Poistettu";
export const ERASED_LAST_NAME = "käyttäjä";
export const ERASED_NAME = `${ERASED_FIRST_NAME} ${ERASED_LAST_NAME}`;

/**
 * The login e-mail an erased account is left with: unique (the column is), never deliverable (.invalid
 * is reserved, RFC 2606) and saying nothing of the person.
 */
export function erasedEmail(erasureId: string): string {
  return `poistettu-${erasureId.replaceAll("-", "").slice(0, 12)}@poistettu.invalid`;
}

/** Whether a login e-mail is an erased account's (the admin's user page then shows the holds, not the button). */
export function isErasedEmail(email: string): boolean {
  return /^poistettu-[0-9a-f]{12}@poistettu\.invalid$/.test(email);
}

/** What must be settled before a person's data may go; each is named in the refusal. */
export type ErasureBlocker =
  | "RUNNING_LEASE"
  | "OPEN_ORDER"
  | "OPEN_INSURANCE_CLAIM"
  | "OPEN_REDEMPTION"
  | "OPEN_CANCELLATION"
  | "UNPAID_USER_PAYMENT"
  | "UNPAID_REDEMPTION_PAYMENT";

const BLOCKER_WORDS: Record<ErasureBlocker, string> = {
  RUNNING_LEASE: "a running lease",
  OPEN_ORDER: "an open order",
  OPEN_INSURANCE_CLAIM: "an open insurance claim",
  OPEN_REDEMPTION: "an open redemption",
  OPEN_CANCELLATION: "an open order cancellation",
  UNPAID_USER_PAYMENT: "an unpaid user payment",
  UNPAID_REDEMPTION_PAYMENT: "an unpaid redemption payment",
};

/** The refusal's message (English, for the API), naming everything to settle first; null when nothing blocks. */
export function erasureBlockedMessage(blockers: readonly ErasureBlocker[]): string | null {
  if (blockers.length === 0) return null;
  const words = [...new Set(blockers)].map((blocker) => BLOCKER_WORDS[blocker]);
  return `The person's data cannot be erased yet. Settle first: ${words.join(", ")}`;
}

/** Order statuses after which an order is no longer open: its lease runs (or ran), or it is gone. */
export const SETTLED_ORDER_STATUSES = ["ACTIVE_LEASING", "CANCELLED", "REFUNDED"] as const;

export type ErasureRefusal = "SELF" | "STAFF" | "TIER" | null;

/**
 * Whether `actor` may erase `target`'s data: never one's own (a slip of a hand), a staff member's only by
 * a super admin, and nobody of a higher tier than the actor.
 */
export function erasureRefusal(
  actor: { userId: string; roles: readonly HeldRoleName[] },
  target: { userId: string; roles: readonly HeldRoleName[] },
): ErasureRefusal {
  if (actor.userId === target.userId) return "SELF";
  const actorIsSuperAdmin = actor.roles.some(
    (role) => role.name === "SUPER_ADMIN" && role.companyId === null,
  );
  if (isStaffMember(target.roles) && !actorIsSuperAdmin) return "STAFF";
  return tierOf(target.roles) > tierOf(actor.roles) ? "TIER" : null;
}

/** Why a record is kept after the person's data is erased, as each hold states it. */
export const LEGAL_BASES = {
  ACCOUNTING:
    "Accounting Act 1336/1997 2:10 §: vouchers are kept six years from the end of the accounting year",
  AGREEMENT:
    "Limitation Act 728/2003: a signed agreement and its identification evidence are kept three years " +
    "from the lease's end, while a claim under it can still be made",
} as const;
export type LegalBasis = keyof typeof LEGAL_BASES;

/** The accounting records' hold: the last day of the sixth accounting (calendar) year after the record's. */
export function accountingHoldEndsOn(recordDate: string): string {
  const year = Number(recordDate.slice(0, 4));
  return `${year + 6}-12-31`;
}

/** The agreement's hold: three years from the lease's end (the general limitation period). */
export function agreementHoldEndsOn(leaseEnd: string): string {
  const [year, month, day] = leaseEnd.split("-").map(Number) as [number, number, number];
  const end = new Date(Date.UTC(year + 3, month - 1, day));
  // 29 February three years on is 1 March: the day after the period, as the calendar has it.
  return end.toISOString().slice(0, 10);
}
