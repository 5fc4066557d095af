import { USER_PAYMENT_KINDS, type UserPaymentKind } from "../../../domain/enums.ts";
import type { Language } from "../../../domain/locale.ts";

/**
 * The name of each kind of payment as the helpdesk's payment list shows it, in every language. A
 * payment Pedaali makes itself has no description, so its kind's name is what the helpdesk searches
 * it by. The server may not import the web's catalogues: the words are kept here too and held equal
 * to the list's (adminUserPayments.kinds) by tests/unit/payment-kind-words.test.ts.
 */
export const PAYMENT_KIND_WORDS: Record<Language, Record<UserPaymentKind, string>> = {
  fi: {
    OWN_SHARE: "Enimmäishinnan ylittävä osuus",
    REDEMPTION: "Lunastus",
    RETURN_FEE: "Palautusmaksu",
    DEDUCTIBLE: "Omavastuu",
    OTHER: "Muu maksu",
  },
  en: {
    OWN_SHARE: "Share above the maximum price",
    REDEMPTION: "Redemption",
    RETURN_FEE: "Return fee",
    DEDUCTIBLE: "Deductible",
    OTHER: "Other payment",
  },
  sv: {
    OWN_SHARE: "Andel över maxpriset",
    REDEMPTION: "Inlösen",
    RETURN_FEE: "Returavgift",
    DEDUCTIBLE: "Självrisk",
    OTHER: "Annan betalning",
  },
};

/** Shorter than this, a typed word would name a kind by chance ("le", "ma"). */
const MIN_KIND_WORD = 3;

/**
 * The kinds whose name in any language contains the typed text ("lunastus", "redemption",
 * "inlösen"), case aside; none for a text too short to mean a kind.
 */
export function kindsNamedBy(term: string): UserPaymentKind[] {
  const typed = term.trim().toLocaleLowerCase("fi");
  if (typed.length < MIN_KIND_WORD) return [];
  const names = Object.values(PAYMENT_KIND_WORDS);
  return USER_PAYMENT_KINDS.filter((kind) =>
    names.some((words) => words[kind].toLocaleLowerCase("fi").includes(typed)),
  );
}
