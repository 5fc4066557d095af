import { and, eq, sql } from "drizzle-orm";
import type { TSsoDiscovery } from "../../../contract/single-sign-on.ts";
import { buildPath } from "../../../domain/routes.ts";
import { emailDomainOf } from "../../../domain/single-sign-on.ts";
import { isStaffMember } from "../../../domain/user-tiers.ts";
import { normalizeEmail } from "../../../domain/validation/email.ts";
import type { AppContext } from "../../context.ts";
import { readableField } from "../../data-keys.ts";
import type { Db } from "../../db/client.ts";
import {
  beneficiaryEmployees,
  companyIdentityProviders,
  roles,
  ssoEmailDomains,
  systemUsers,
  userExternalIdentities,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import type { ProvenIdentity, ProviderProfile } from "../../oidc/relying-party.ts";
import { SEALED_PURPOSES } from "../../sealed-fields.ts";
import { lastLoginOf, tellOfNewDevice } from "../auth/new-device.ts";
import { createSession, type IssuedSession, type SessionMeta } from "../auth/sessions.ts";
import { heldRolesOf } from "../system-users/queries.ts";
import { SSO_CALLBACK_PATH } from "./company-identity.ts";
import { ssoRequired } from "./errors.ts";
import { openSignIn, takeSignIn } from "./sign-ins.ts";

/**
 * Logging in with a company's own identity provider (OpenID Connect, authorization code with PKCE):
 * the login page finds the provider from the e-mail's domain; the provider's answer logs in the user
 * linked to that account, or at the first time the user of the same e-mail, when the provider vouches
 * for the address and the user belongs to the company. Helpdesk and admin users never log in this way.
 */

type Provider = typeof companyIdentityProviders.$inferSelect;

const loginPage = (code?: string) => `${buildPath("login")}${code ? `?sso=${encodeURIComponent(code)}` : ""}`;

/** The company's provider in use for an e-mail's domain, or none. */
async function providerForEmail(db: Db, email: string): Promise<Provider | null> {
  const domain = emailDomainOf(email);
  if (!domain) return null;
  const [row] = await db
    .select({ provider: companyIdentityProviders })
    .from(ssoEmailDomains)
    .innerJoin(companyIdentityProviders, eq(companyIdentityProviders.companyId, ssoEmailDomains.companyId))
    .where(and(eq(ssoEmailDomains.domain, domain), eq(companyIdentityProviders.enabled, true)));
  return row?.provider ?? null;
}

/** Whether the user is staff, and whether they belong to the company (a role there, or an employment). */
async function membershipOf(db: Db, userId: string, companyId: string) {
  const held = await heldRolesOf(db, userId);
  const [employment] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .where(and(eq(beneficiaryEmployees.userId, userId), eq(beneficiaryEmployees.companyId, companyId)))
    .limit(1);
  return {
    staff: isStaffMember(held),
    member: employment !== undefined || held.some((r) => r.companyId === companyId),
  };
}

/**
 * Whether a user's password login is refused: a company they log in for has its provider in use and
 * required. The companies a person logs in for are the account's own (the company it was made for)
 * and those where they hold an employer-side role; a company that merely employs them (a second
 * employer) does not decide how they log in, or a company could lock another's people out. Staff are
 * never refused: they always log in on the platform's own login.
 */
async function mustLogInWithSso(db: Db, userId: string): Promise<boolean> {
  if (isStaffMember(await heldRolesOf(db, userId))) return false;
  const [required] = await db
    .select({ id: companyIdentityProviders.id })
    .from(companyIdentityProviders)
    .where(
      and(
        eq(companyIdentityProviders.enabled, true),
        eq(companyIdentityProviders.required, true),
        sql`${companyIdentityProviders.companyId} in (
          select ${systemUsers.companyId} from ${systemUsers} where ${systemUsers.userId} = ${userId}
          union select ${userRoles.companyId} from ${userRoles}
          inner join ${roles} on ${roles.id} = ${userRoles.roleId}
          where ${userRoles.userId} = ${userId} and ${roles.name} <> 'BIKE_BENEFICIARY')`,
      ),
    )
    .limit(1);
  return required !== undefined;
}

/** 403 SSO_REQUIRED for a password login the user's company does not allow. */
export async function ensurePasswordLoginAllowed(db: Db, userId: string): Promise<void> {
  if (await mustLogInWithSso(db, userId)) throw ssoRequired();
}

/**
 * The e-mail the provider vouches for: Google's and any OpenID provider's only when it says the
 * address is verified (Google also names the Workspace domain); Entra ID's from the one tenant the
 * issuer names, whose address the company's domains must cover in any case.
 */
function vouchedEmail(provider: Provider, claims: Record<string, unknown>, domains: string[]): string | null {
  const raw =
    typeof claims.email === "string"
      ? claims.email
      : provider.preset === "ENTRA_ID" && typeof claims.preferred_username === "string"
        ? claims.preferred_username
        : null;
  if (!raw) return null;
  if (provider.preset !== "ENTRA_ID" && claims.email_verified !== true) return null;
  if (provider.preset === "GOOGLE" && !(typeof claims.hd === "string" && domains.includes(claims.hd))) {
    return null;
  }
  const email = normalizeEmail(raw);
  const domain = emailDomainOf(email);
  return domain && domains.includes(domain) ? email : null;
}

export function createSingleSignOn(ctx: AppContext) {
  const { db } = ctx.database;

  function profileOf(provider: Provider): ProviderProfile | null {
    const secret = readableField(ctx.config, SEALED_PURPOSES.ssoClientSecret, provider.clientSecretSealed);
    if (secret === null) return null;
    return {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientAuth: { kind: "secret", secret },
      strict: false,
    };
  }

  return {
    async discover(email: string): Promise<TSsoDiscovery> {
      const provider = await providerForEmail(db, normalizeEmail(email));
      if (!provider) return { sso: false, required: false, startUrl: null };
      return {
        sso: true,
        required: provider.required,
        startUrl: `/api/auth/sso/start?email=${encodeURIComponent(email.trim())}`,
      };
    },

    /** The provider's address for the e-mail, and the state for the browser's cookie; or the login page. */
    async start(email: string, now = new Date()): Promise<{ to: string; state: string | null }> {
      const provider = await providerForEmail(db, normalizeEmail(email));
      const profile = provider && profileOf(provider);
      if (!provider || !profile) return { to: loginPage("SSO_NOT_AVAILABLE"), state: null };
      const opened = await openSignIn(
        db,
        { purpose: "SSO_LOGIN", issuer: provider.issuer, companyId: provider.companyId },
        now,
      );
      try {
        const relyingParty = await ctx.oidc.relyingParty();
        const url = await relyingParty.authorizationUrl(profile, {
          redirectUri: `${ctx.config.publicUrl}${SSO_CALLBACK_PATH}`,
          scope: "openid email profile",
          ...opened,
          extra: { login_hint: email.trim() },
        });
        return { to: url.href, state: opened.state };
      } catch {
        return { to: loginPage("SSO_NOT_AVAILABLE"), state: null };
      }
    },

    /**
     * The provider's answer: the sign-in of its state (once, in the browser that started it), the
     * proven account, and the user it is linked to, or links to now. Answers the session, or the
     * login page's error.
     */
    async finish(
      callbackUrl: URL,
      browserState: string | undefined,
      meta: SessionMeta,
      log: { warn: (data: object, message: string) => void },
      now = new Date(),
    ): Promise<{ to: string; session: IssuedSession | null }> {
      const failed = (code: string) => ({ to: loginPage(code), session: null });
      const signIn = await takeSignIn(db, callbackUrl.searchParams.get("state"), browserState, now);
      if (signIn?.purpose !== "SSO_LOGIN" || !signIn.companyId) return failed("IDENTIFICATION_FAILED");
      if (callbackUrl.searchParams.has("error")) return failed("IDENTIFICATION_FAILED");
      const companyId = signIn.companyId;
      const [provider] = await db
        .select()
        .from(companyIdentityProviders)
        .where(
          and(eq(companyIdentityProviders.companyId, companyId), eq(companyIdentityProviders.enabled, true)),
        );
      // The provider changed while the person was away: its answer is not the one asked for.
      const profile = provider && provider.issuer === signIn.issuer ? profileOf(provider) : null;
      if (!provider || !profile) return failed("SSO_NOT_AVAILABLE");

      let proven: ProvenIdentity;
      try {
        proven = await (await ctx.oidc.relyingParty()).finish(profile, callbackUrl, signIn);
      } catch (error) {
        log.warn({ err: error, companyId }, "single sign-on answer refused");
        return failed("IDENTIFICATION_FAILED");
      }
      const userId = await userOf(provider, proven);
      if (!userId) return failed("SSO_ACCOUNT_NOT_FOUND");
      const [account] = await db
        .select({ deactivated: users.deactivated })
        .from(users)
        .where(eq(users.id, userId));
      if (!account) return failed("SSO_ACCOUNT_NOT_FOUND");
      if (account.deactivated) return failed("USER_DEACTIVATED");
      const previousLoginAt = await lastLoginOf(db, userId);
      await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
      await db
        .update(userExternalIdentities)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(userExternalIdentities.issuer, proven.issuer),
            eq(userExternalIdentities.subject, proven.subject),
          ),
        );
      const session = await createSession(db, ctx.config.jwtSecret, userId, meta);
      await tellOfNewDevice(db, { userId, familyId: session.familyId, meta, previousLoginAt, now });
      return { to: loginPage(), session };
    },
  };

  /**
   * The user of the proven account: the one linked to it, while they still belong to the company; at
   * the first time, the company's user of the e-mail the provider vouches for, linked now. Never a
   * helpdesk or admin user.
   */
  async function userOf(provider: Provider, proven: ProvenIdentity): Promise<string | null> {
    const [linked] = await db
      .select({ userId: userExternalIdentities.userId })
      .from(userExternalIdentities)
      .where(
        and(
          eq(userExternalIdentities.issuer, proven.issuer),
          eq(userExternalIdentities.subject, proven.subject),
          eq(userExternalIdentities.companyId, provider.companyId),
        ),
      );
    if (linked) {
      const { staff, member } = await membershipOf(db, linked.userId, provider.companyId);
      return !staff && member ? linked.userId : null;
    }
    const domains = (
      await db
        .select({ domain: ssoEmailDomains.domain })
        .from(ssoEmailDomains)
        .where(eq(ssoEmailDomains.companyId, provider.companyId))
    ).map((d) => d.domain);
    const email = vouchedEmail(provider, proven.claims, domains);
    if (!email) return null;
    const [user] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
    if (!user) return null;
    const { staff, member } = await membershipOf(db, user.id, provider.companyId);
    if (staff || !member) return null;
    // One account per user and provider: an account linked before to someone else stays theirs.
    const inserted = await db
      .insert(userExternalIdentities)
      .values({
        userId: user.id,
        companyId: provider.companyId,
        issuer: proven.issuer,
        subject: proven.subject,
      })
      .onConflictDoNothing()
      .returning({ id: userExternalIdentities.id });
    return inserted.length > 0 ? user.id : null;
  }
}
