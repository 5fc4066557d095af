import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { companies, groupCompanies, registrationLinks } from "../../db/schema/index.ts";
import { sha256 } from "../auth/tokens.ts";

/**
 * Registration (join) links. The token is random (32 bytes, URL-safe) and only its sha256 is stored.
 * A link is shared with every employee who is to join (intranet, a mail to the staff), so unlike a
 * password link it works many times; it lives REGISTRATION_LINK_DAYS, long enough for a campaign and
 * the stragglers after it, short enough that a link forwarded out of the company dies on its own. The
 * employer makes a new one at any time.
 */
export { REGISTRATION_LINK_DAYS } from "../../../domain/constants.ts";

type LinkCompany = { id: string; name: string };

export type ResolvedLink = {
  id: string;
  kind: "company" | "groupCompany";
  /** The company's or the group's name. */
  name: string;
  /** The companies an employee may join through it: the one company, or the group's live companies. */
  companies: LinkCompany[];
};

type LinkRow = typeof registrationLinks.$inferSelect;

export function isLinkUsable(row: LinkRow, now = new Date()): boolean {
  if (row.revokedAt) return false;
  if (row.expiresAt && row.expiresAt <= now) return false;
  return row.maxUses === null || row.useCount < row.maxUses;
}

const byName = (a: LinkCompany, b: LinkCompany) => a.name.localeCompare(b.name, "fi");

/** The link behind a token with what it lets an employee join; null for unknown, expired, revoked or used up. */
export async function resolveLink(db: Db, token: string): Promise<ResolvedLink | null> {
  const [row] = await db
    .select()
    .from(registrationLinks)
    .where(eq(registrationLinks.tokenHash, sha256(token)));
  if (!row || !isLinkUsable(row)) return null;

  if (row.companyId) {
    const [company] = await db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(and(eq(companies.id, row.companyId), isNull(companies.deletedAt)));
    return company ? { id: row.id, kind: "company", name: company.name, companies: [company] } : null;
  }
  if (!row.groupCompanyId) return null;
  const [group] = await db
    .select({ name: groupCompanies.name })
    .from(groupCompanies)
    .where(eq(groupCompanies.id, row.groupCompanyId));
  const members = await liveCompaniesOfGroup(db, row.groupCompanyId);
  if (!group || members.length === 0) return null;
  return { id: row.id, kind: "groupCompany", name: group.name, companies: members };
}

async function liveCompaniesOfGroup(db: Db, groupCompanyId: string): Promise<LinkCompany[]> {
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.groupCompanyId, groupCompanyId), isNull(companies.deletedAt)));
  return rows.sort(byName);
}
