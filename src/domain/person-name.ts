/**
 * A person's name as the app shows it: "First Last" from the parts they gave, trimmed, or the fallback
 * (their e-mail, usually) when both parts are empty.
 */
export function personName(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
  fallback = "",
): string {
  return `${firstName ?? ""} ${lastName ?? ""}`.trim() || fallback;
}
