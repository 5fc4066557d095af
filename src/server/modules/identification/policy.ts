import { eq } from "drizzle-orm";
import { type SigningMethod, signingMethodsOf } from "../../../domain/identification.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { companies } from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";
import { strongIdentificationNotOffered, strongIdentificationRequired } from "./errors.ts";

/** The ways the company's orders can be signed and approved now (src/domain/identification.ts). */
export async function signingMethodsFor(
  db: Db | Tx,
  config: Pick<Config, "strongId">,
  companyId: string,
): Promise<SigningMethod[]> {
  const [company] = await db
    .select({ policy: companies.signingPolicy })
    .from(companies)
    .where(eq(companies.id, companyId));
  return signingMethodsOf(company?.policy ?? "SMS_CODE", config.strongId !== null);
}

/** 403 unless the company's rule allows signing (or approving) its orders this way. */
export async function ensureSigningMethod(
  db: Db | Tx,
  config: Pick<Config, "strongId">,
  companyId: string,
  method: SigningMethod,
): Promise<void> {
  const methods = await signingMethodsFor(db, config, companyId);
  if (methods.includes(method)) return;
  throw method === "STRONG" ? strongIdentificationNotOffered() : strongIdentificationRequired();
}
