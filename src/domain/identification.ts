/**
 * Strong electronic identification (vahva sähköinen tunnistaminen) when signing, and the company's rule
 * for it. A company chooses how its employees sign the leasing agreement and how its employer users
 * give their approvals: by a code sent by SMS (as always), with strong identification through the
 * platform's broker (the Finnish Trust Network's bank IDs and mobile certificate) with the SMS code as
 * the fallback it allows, or with strong identification only.
 */

export const SIGNING_POLICIES = ["SMS_CODE", "STRONG_OR_SMS_CODE", "STRONG"] as const;
export type SigningPolicy = (typeof SIGNING_POLICIES)[number];

export const SIGNING_METHODS = ["STRONG", "SMS_CODE"] as const;
export type SigningMethod = (typeof SIGNING_METHODS)[number];

/**
 * The ways an order of the company can be signed now, the preferred first. Without a broker configured
 * strong identification is not offered; a company that requires it then has no way to sign, rather than
 * falling back to a weaker one it did not allow.
 */
export function signingMethodsOf(policy: SigningPolicy, strongAvailable: boolean): SigningMethod[] {
  if (policy === "SMS_CODE") return ["SMS_CODE"];
  if (policy === "STRONG") return strongAvailable ? ["STRONG"] : [];
  return strongAvailable ? ["STRONG", "SMS_CODE"] : ["SMS_CODE"];
}

/** The levels of assurance of the FTN (Traficom's regulation 7: substantial and high). */
export const FTN_LEVELS_OF_ASSURANCE = [
  "http://ftn.ficora.fi/2017/loa3",
  "http://ftn.ficora.fi/2017/loa2",
] as const;

/** A name as compared: Unicode-normalised, lower-case, single spaces; hyphens separate names. */
function nameParts(name: string): string[] {
  return name
    .normalize("NFC")
    .toLocaleLowerCase("fi")
    .split(/[\s-]+/)
    .filter(Boolean);
}

/**
 * Whether the verified person is the employee on record: the family names are the same, and the first
 * name on record is one of the verified given names (the bank knows "Anna Maria", the employer "Anna").
 * Letters are compared as they are: "Mäkinen" is not "Makinen".
 */
export function isSamePerson(
  verified: { givenName: string; familyName: string },
  onRecord: { firstName: string; lastName: string },
): boolean {
  const family = nameParts(verified.familyName).join(" ");
  const recordFamily = nameParts(onRecord.lastName).join(" ");
  if (!family || family !== recordFamily) return false;
  const given = new Set(nameParts(verified.givenName));
  const first = nameParts(onRecord.firstName);
  return first.length > 0 && first.every((part) => given.has(part));
}

const CHECK_CHARACTERS = "0123456789ABCDEFHJKLMNPRSTUVWXY";
/** The century signs of the personal identity code, the new ones of 1.1.2023 included. */
const CENTURY_SIGNS = "+-ABCDEFYXWVU";

/**
 * A Finnish personal identity code (henkilötunnus) in its canonical form, or null when it is not one:
 * DDMMYY, the century sign, the individual number and the check character (Digital and Population
 * Data Services Agency, "Personal identity code").
 */
export function canonicalIdentityCode(value: string): string | null {
  const code = value.trim().toUpperCase();
  const match = /^(\d{6})([-+A-FYXWVU])(\d{3})([0-9A-Y])$/.exec(code);
  if (!match) return null;
  const [, date = "", sign = "", individual = "", check = ""] = match;
  if (!CENTURY_SIGNS.includes(sign)) return null;
  const day = Number(date.slice(0, 2));
  const month = Number(date.slice(2, 4));
  if (day < 1 || day > 31 || month < 1 || month > 12) return null;
  return CHECK_CHARACTERS[Number(date + individual) % 31] === check ? code : null;
}

/**
 * The birth date (YYYY-MM-DD) a personal identity code tells, or null when it is not a valid one: the
 * century sign gives the century (+ 1800s; -, Y, X, W, V, U 1900s; A-F 2000s). A person's own copy of
 * their data shows this instead of the code, which the platform never keeps.
 */
export function birthDateOfIdentityCode(value: string): string | null {
  const code = canonicalIdentityCode(value);
  if (!code) return null;
  const sign = code.charAt(6);
  const century = sign === "+" ? 1800 : "ABCDEF".includes(sign) ? 2000 : 1900;
  const year = century + Number(code.slice(4, 6));
  const month = code.slice(2, 4);
  const day = code.slice(0, 2);
  const date = new Date(Date.UTC(year, Number(month) - 1, Number(day)));
  if (date.getUTCDate() !== Number(day)) return null;
  return `${String(year).padStart(4, "0")}-${month}-${day}`;
}
