/**
 * What makes a password acceptable (docs/architecture.md, the accounts issue): at least 12 characters — a
 * passphrase of a few words is the easy way there — and not one of the passwords attackers try first.
 * The web shows these problems while the user types; the server refuses the same ones.
 */

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

export type PasswordProblem = "tooShort" | "tooLong" | "common" | "containsEmail" | "repetitive";

/**
 * Passwords of 12 or more characters that appear at the top of leaked-password lists, plus the obvious
 * Finnish and product words with a year or digits. Compared case-insensitively.
 */
const COMMON_PASSWORDS = new Set([
  "123456789012",
  "1234567890123",
  "12345678901234",
  "123456789123",
  "123123123123",
  "111111111111",
  "000000000000",
  "qwertyuiop12",
  "qwertyuiopå",
  "qwertyuiopasdfghjkl",
  "qwerty123456",
  "qwertyqwerty",
  "1q2w3e4r5t6y",
  "1qaz2wsx3edc",
  "asdfghjkl123",
  "password1234",
  "password123!",
  "passwordpassword",
  "iloveyou1234",
  "letmein12345",
  "welcome12345",
  "abcdefghijkl",
  "abc123abc123",
  "salasana1234",
  "salasana123!",
  "salasanasalasana",
  "tervetuloa123",
  "tervetuloa1234",
  "kesäkuu12345",
  "perkele12345",
  "suomi1234567",
  "helsinki1234",
  "helsinki2026",
  "pedaali12345",
  "pedaali2026!",
  "polkupyora123",
  "polkupyörä123",
  "changeme1234",
  "administrator",
  "administrator1",
]);

/** Seasons and months with a year ("Kesä2026!", "Syksy2025"): a favourite of forced password changes. */
const SEASON_WITH_YEAR =
  /^(kevät|kesä|syksy|talvi|spring|summer|autumn|winter|vår|sommar|höst|vinter)[\s._-]*(19|20)\d{2}[!?.#]*$/i;

export function passwordProblems(
  password: string,
  context: { email?: string | null } = {},
): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) problems.push("tooShort");
  if (length > MAX_PASSWORD_LENGTH) problems.push("tooLong");
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || SEASON_WITH_YEAR.test(password)) problems.push("common");
  const local = context.email?.split("@")[0]?.toLowerCase();
  if (local && local.length >= 4 && lower.includes(local)) problems.push("containsEmail");
  if (length > 0 && new Set(lower).size <= 2) problems.push("repetitive");
  return problems;
}

export function isAcceptablePassword(password: string, context: { email?: string | null } = {}): boolean {
  return passwordProblems(password, context).length === 0;
}
