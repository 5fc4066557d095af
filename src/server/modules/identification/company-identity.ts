import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import type { TCompanyIdentity, TUpdateCompanyIdentity } from "../../../contract/single-sign-on.ts";
import { issuerFitsPreset } from "../../../domain/single-sign-on.ts";
import type { AppContext } from "../../context.ts";
import { sealField } from "../../data-keys.ts";
import type { Db } from "../../db/client.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import { companies, companyIdentityProviders, ssoEmailDomains } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { badRequest, notFound } from "../../errors.ts";
import { SEALED_PURPOSES } from "../../sealed-fields.ts";
import { ssoDomainTaken } from "./errors.ts";

/**
 * A company's identity settings, which the admin area shows and edits: how its orders are signed
 * (src/domain/identification.ts) and its own identity provider for single sign-on. The provider's
 * client secret is sealed under the data keys (src/server/data-keys.ts) and never shown again.
 */

export const SSO_CALLBACK_PATH = "/api/auth/sso/callback";

export function createCompanyIdentity(ctx: AppContext) {
  const { db } = ctx.database;

  async function read(handle: Db, companyId: string): Promise<TCompanyIdentity> {
    const [company] = await handle
      .select({ signingPolicy: companies.signingPolicy })
      .from(companies)
      .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
    if (!company) throw notFound("Company");
    const [provider] = await handle
      .select()
      .from(companyIdentityProviders)
      .where(eq(companyIdentityProviders.companyId, companyId));
    const domains = await handle
      .select({ domain: ssoEmailDomains.domain })
      .from(ssoEmailDomains)
      .where(eq(ssoEmailDomains.companyId, companyId))
      .orderBy(ssoEmailDomains.domain);
    return {
      signingPolicy: company.signingPolicy,
      strongIdentificationAvailable: ctx.config.strongId !== null,
      sso: provider
        ? {
            preset: provider.preset,
            issuer: provider.issuer,
            clientId: provider.clientId,
            emailDomains: domains.map((d) => d.domain),
            required: provider.required,
            enabled: provider.enabled,
          }
        : null,
      ssoRedirectUri: `${ctx.config.publicUrl}${SSO_CALLBACK_PATH}`,
    };
  }

  /**
   * Sets the company's rule and provider in one transaction: a provider's e-mail domains are the
   * company's alone (409 SSO_DOMAIN_TAKEN names the first taken one), the issuer must fit its preset,
   * and a new provider needs its client secret.
   */
  async function update(
    userId: string,
    companyId: string,
    input: TUpdateCompanyIdentity,
  ): Promise<TCompanyIdentity> {
    await write(db, { actor: { userId } }, async (change) => {
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
      await tx
        .update(companies)
        .set({ signingPolicy: input.signingPolicy, updatedAt: new Date() })
        .where(eq(companies.id, companyId));
      const sso = input.sso;
      // Who let which provider speak for the company's users, and how its orders are signed: the
      // audit view keeps every change (never the secret).
      await recordEvent(change, {
        type: "COMPANY_UPDATED",
        entity: { type: "company", id: companyId },
        companyId,
        data: {
          fields: ["signingPolicy", "sso"],
          signingPolicy: input.signingPolicy,
          sso: sso && {
            preset: sso.preset,
            issuer: sso.issuer,
            clientId: sso.clientId,
            emailDomains: sso.emailDomains,
            required: sso.required,
            enabled: sso.enabled,
            clientSecretChanged: sso.clientSecret !== undefined,
          },
        },
      });
      if (!sso) {
        await tx.delete(companyIdentityProviders).where(eq(companyIdentityProviders.companyId, companyId));
        await tx.delete(ssoEmailDomains).where(eq(ssoEmailDomains.companyId, companyId));
        return;
      }
      if (!issuerFitsPreset(sso.preset, sso.issuer, ctx.config.oidcAllowHttp)) {
        throw badRequest("The issuer does not fit the provider", [
          // As the contract's own check of an address says it, for the form's words at the field.
          {
            field: "body.sso.issuer",
            message: "Not an issuer of this provider",
            issue: { code: "invalid_format", format: "url" },
          },
        ]);
      }
      const [existing] = await tx
        .select({ id: companyIdentityProviders.id })
        .from(companyIdentityProviders)
        .where(eq(companyIdentityProviders.companyId, companyId));
      if (!existing && !sso.clientSecret) {
        throw badRequest("A new provider needs its client secret", [
          {
            field: "body.sso.clientSecret",
            message: "Required",
            issue: { code: "too_small", origin: "string", minimum: 1 },
          },
        ]);
      }
      const domains = [...new Set(sso.emailDomains)];
      const [taken] = await tx
        .select({ domain: ssoEmailDomains.domain })
        .from(ssoEmailDomains)
        .where(and(inArray(ssoEmailDomains.domain, domains), ne(ssoEmailDomains.companyId, companyId)))
        .limit(1);
      if (taken) throw ssoDomainTaken(taken.domain);
      const values = {
        preset: sso.preset,
        issuer: sso.issuer.replace(/\/$/, ""),
        clientId: sso.clientId,
        required: sso.required,
        enabled: sso.enabled,
        updatedAt: new Date(),
        ...(sso.clientSecret
          ? { clientSecretSealed: sealField(ctx.config, SEALED_PURPOSES.ssoClientSecret, sso.clientSecret) }
          : {}),
      };
      if (existing) {
        await tx
          .update(companyIdentityProviders)
          .set(values)
          .where(eq(companyIdentityProviders.id, existing.id));
      } else {
        await tx.insert(companyIdentityProviders).values({
          ...values,
          companyId,
          clientSecretSealed: values.clientSecretSealed as string,
        });
      }
      await tx.delete(ssoEmailDomains).where(eq(ssoEmailDomains.companyId, companyId));
      await tx.insert(ssoEmailDomains).values(domains.map((domain) => ({ domain, companyId })));
    }).catch((error: unknown) => {
      // Another company claimed one of the domains at the same moment: its key keeps them apart.
      if (isUniqueViolation(error)) throw ssoDomainTaken(input.sso?.emailDomains[0] ?? "");
      throw error;
    });
    return read(db, companyId);
  }

  return { read: (companyId: string) => read(db, companyId), update };
}
