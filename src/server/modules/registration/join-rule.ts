import { and, eq, isNull } from "drizzle-orm";
import type { TJoinRule, TJoinRuleInput } from "../../../contract/join-rules.ts";
import { type JoinRule, mayVerifyDomain, NO_JOIN_RULE } from "../../../domain/join-rules.ts";
import { emailDomainOf } from "../../../domain/single-sign-on.ts";
import type { Db } from "../../db/client.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { companies, companyJoinRules, ssoEmailDomains } from "../../db/schema/index.ts";
import { type Tx, write } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { domainRefused } from "./errors.ts";

/**
 * A company's rule for joiners at its registration link with an address of its own domains
 * (src/domain/join-rules.ts), as stored (company_join_rules) and edited on its settings page. Read by
 * the registration; a company without a row has NO_JOIN_RULE.
 */

export async function joinRuleOf(db: Db | Tx, companyId: string): Promise<JoinRule> {
  const [row] = await db.select().from(companyJoinRules).where(eq(companyJoinRules.companyId, companyId));
  if (!row) return NO_JOIN_RULE;
  return { domains: row.domains, domainJoiners: row.domainJoiners, domainsOnly: row.domainsOnly };
}

async function singleSignOnDomainsOf(db: Db | Tx, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: ssoEmailDomains.domain })
    .from(ssoEmailDomains)
    .where(eq(ssoEmailDomains.companyId, companyId))
    .orderBy(ssoEmailDomains.domain);
  return rows.map((r) => r.domain);
}

const isHelpdesk = (user: CurrentUser) => user.scope.kind === "all";

export async function joinRuleAnswer(db: Db, user: CurrentUser, companyId: string): Promise<TJoinRule> {
  const rule = await joinRuleOf(db, companyId);
  return {
    domains: [...rule.domains],
    domainJoiners: rule.domainJoiners,
    domainsOnly: rule.domainsOnly,
    ownDomain: isHelpdesk(user) ? null : emailDomainOf(user.email),
    singleSignOnDomains: await singleSignOnDomainsOf(db, companyId),
  };
}

/**
 * Saves the rule. Every domain must be vouched for (mayVerifyDomain), else anyone with the link could
 * be let in under an address no one at the company checked.
 */
export async function saveJoinRule(
  db: Db,
  user: CurrentUser,
  companyId: string,
  input: TJoinRuleInput,
): Promise<void> {
  await write(db, { actor: { userId: user.id } }, async (change) => {
    const { tx } = change;
    const [company] = await lockRows(
      tx,
      "company",
      tx
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)))
        .for("update"),
    );
    if (!company) throw notFound("Company");
    const vouchers = {
      helpdesk: isHelpdesk(user),
      ownEmail: user.email,
      singleSignOnDomains: await singleSignOnDomainsOf(tx, companyId),
      savedDomains: (await joinRuleOf(tx, companyId)).domains,
    };
    const domains = [...new Set(input.domains)];
    for (const [index, domain] of domains.entries()) {
      const verdict = mayVerifyDomain(domain, vouchers);
      if (verdict === "PUBLIC_MAIL") throw domainRefused(index, "PUBLIC_MAIL_DOMAIN");
      if (verdict === "NOT_VOUCHED") throw domainRefused(index, "JOIN_DOMAIN_NOT_VERIFIED");
    }
    const values = {
      domains,
      domainJoiners: input.domainJoiners,
      domainsOnly: input.domainsOnly && domains.length > 0,
      updatedByUserId: user.id,
      updatedAt: change.now,
    };
    await tx
      .insert(companyJoinRules)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: companyJoinRules.companyId, set: values });
    // Who let which domains' addresses in, and how: the audit view keeps every change.
    await recordEvent(change, {
      type: "COMPANY_UPDATED",
      entity: { type: "company", id: companyId },
      companyId,
      data: { fields: ["joinRule"], joinRule: { ...input, domains } },
    });
  });
}
