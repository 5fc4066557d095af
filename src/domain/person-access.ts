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
