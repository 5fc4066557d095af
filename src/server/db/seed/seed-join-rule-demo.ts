import { eq } from "drizzle-orm";
import { companies, companyJoinRules } from "../schema/index.ts";
import type { Tx } from "../transaction.ts";

/**
 * The demo's join rule: Demo Logistiikka Oy accepts whoever joins by its registration link with an
 * address of its own domain, once the address is confirmed; others wait for its admin as usual. Every
 * other company lets everyone wait, which /yritys-asetukset shows as "no domains yet".
 */
export const DEMO_JOIN_RULE_COMPANY = "Demo Logistiikka Oy";
export const DEMO_JOIN_DOMAIN = "demologistiikka.fi";

export async function seedJoinRuleDemo(db: Tx): Promise<void> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, DEMO_JOIN_RULE_COMPANY));
  if (!company) return;
  await db
    .insert(companyJoinRules)
    .values({ companyId: company.id, domains: [DEMO_JOIN_DOMAIN], domainJoiners: "ACCEPT" })
    .onConflictDoNothing();
}
