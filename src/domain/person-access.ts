/**
 * Who looked at whom: each read of one person's details, files or export by someone else (the helpdesk
 * or the person's employer) is recorded, and a list that shows many people at once is recorded once per
 * read, with how many it showed (docs/privacy.md "Who looked at whom").
 */
export const PERSON_ACCESS_KINDS = [
  /** The employer's or the helpdesk's page of one employee. */
  "EMPLOYEE_DETAILS",
  /** The user page of one user. */
  "USER_DETAILS",
  /** One of a person's files: a claim's photo or document. */
  "CLAIM_FILE",
  /** A person's own data export, read by someone else than them. */
  "PERSONAL_DATA_EXPORT",
  /** A page of the employee list (no one person: the row counts how many were shown). */
  "EMPLOYEE_LIST",
  /** A page of the user list. */
  "USER_LIST",
] as const;
export type PersonAccessKind = (typeof PERSON_ACCESS_KINDS)[number];

/**
 * The address a read came from, as far as it is kept: the network, not the device (the last part of an
 * IPv4 address, and all but the first three groups of an IPv6 one, dropped). Null for no address.
 */
export function addressRange(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (ip.includes(":")) {
    const groups =
      ip
        .split("::")[0]
        ?.split(":")
        .filter((g) => g !== "") ?? [];
    const kept = [...groups, "0", "0", "0"].slice(0, 3);
    return `${kept.join(":")}::/48`;
  }
  return null;
}
