/**
 * Invitations to an employment: how a company reaches a person who already has an account but is not
 * yet its own. The person joins only by accepting; until then the company sees what it typed itself
 * (the address, the names it gave), never the person's own name or contact details.
 */

/** Who made the invitation: the employer's own add, the company's identity provider, a file import. */
export const INVITATION_SOURCES = ["employer", "scim", "import"] as const;
export type InvitationSource = (typeof INVITATION_SOURCES)[number];

/**
 * PENDING waits for the person; ACCEPTED made the employment (with the invitation's id); DECLINED is
 * the person's no, which keeps the company from inviting again until it withdraws it; WITHDRAWN is the
 * company's (or its identity provider's) taking it back.
 */
export const INVITATION_STATUSES = ["PENDING", "ACCEPTED", "DECLINED", "WITHDRAWN"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** An invitation still open in the company's view: waiting, or refused and not yet taken back. */
export const OPEN_INVITATION_STATUSES = [
  "PENDING",
  "DECLINED",
] as const satisfies readonly InvitationStatus[];

/** What a company withdraws: an invitation that made no employment and is not withdrawn already. */
export const isWithdrawable = (status: InvitationStatus): boolean =>
  (OPEN_INVITATION_STATUSES as readonly InvitationStatus[]).includes(status);

/** A caller's reach: every company (the admin tier) or the listed ones. */
export type CompanyReach = { kind: "all" } | { kind: "companies"; companyIds: readonly string[] };

/**
 * Whether a person belongs to any company outside the caller's reach: then the person is also
 * another company's, and their name and contact details are theirs alone to change.
 */
export function isSharedBeyond(personCompanyIds: readonly string[], reach: CompanyReach): boolean {
  if (reach.kind === "all") return false;
  return personCompanyIds.some((id) => !reach.companyIds.includes(id));
}

/**
 * Whether a company may attach an existing account at once instead of inviting it: only when the
 * person is already its own, an accepted employee or an employer-side user of a company inside the
 * caller's reach (a sister company of the same group, for a group admin).
 */
export function mayAttachDirectly(ownCompanyIds: readonly string[], reach: CompanyReach): boolean {
  if (reach.kind === "all") return ownCompanyIds.length > 0;
  return ownCompanyIds.some((id) => reach.companyIds.includes(id));
}
