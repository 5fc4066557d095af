import { z } from "zod";
import { SIGNING_POLICIES } from "../domain/identification.ts";
import { EMAIL_DOMAIN_PATTERN, normalizeDomain, SSO_PRESETS } from "../domain/single-sign-on.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";

/**
 * A company's identity settings in the admin area (how its orders are signed, its single sign-on),
 * and single sign-on at the login page: which provider an e-mail belongs to, and the way there and back.
 */

const zCompanyIdParams = lazy(() => z.object({ companyId: z.uuid() }));

/** An e-mail domain as a form gives it (any case, a leading @ allowed), kept normalised. */
export const zEmailDomain = lazy(() =>
  z
    .string()
    .max(253)
    .transform(normalizeDomain)
    .refine((domain) => EMAIL_DOMAIN_PATTERN.test(domain), {
      message: "Not an e-mail domain, e.g. yritys.fi",
    }),
);

/** A company's own identity provider as the admin area shows it; the client secret is never shown. */
const zSsoSettings = lazy(() =>
  z.object({
    preset: z.enum(SSO_PRESETS),
    issuer: z.string(),
    clientId: z.string(),
    emailDomains: z.array(z.string()),
    /** The company's users must log in through it: their password login is refused. */
    required: z.boolean(),
    enabled: z.boolean(),
  }),
);

export const zCompanyIdentity = lazy(() =>
  z.object({
    signingPolicy: z.enum(SIGNING_POLICIES),
    /** Whether the platform has a strong identification broker set up (STRONG_ID_ISSUER). */
    strongIdentificationAvailable: z.boolean(),
    sso: zSsoSettings.nullable(),
    /** The address to register at the company's provider as the redirect URI. */
    ssoRedirectUri: z.string(),
  }),
);
export type TCompanyIdentity = z.infer<typeof zCompanyIdentity>;

const zUpdateSsoSettings = lazy(() =>
  z.object({
    preset: z.enum(SSO_PRESETS),
    issuer: z.url().max(500),
    clientId: z.string().trim().min(1).max(300),
    /** Left out: the secret stored stays. Required when the company has no provider yet. */
    clientSecret: z.string().min(1).max(1000).optional(),
    emailDomains: z.array(zEmailDomain).min(1).max(20),
    required: z.boolean(),
    enabled: z.boolean(),
  }),
);

export const zUpdateCompanyIdentity = lazy(() =>
  z.object({
    signingPolicy: z.enum(SIGNING_POLICIES),
    /** null: the company has no single sign-on (any provider kept is removed). */
    sso: zUpdateSsoSettings.nullable(),
  }),
);
export type TUpdateCompanyIdentity = z.infer<typeof zUpdateCompanyIdentity>;

const zSsoDiscoveryRequest = lazy(() => z.object({ email: z.string().trim().max(254) }));

/** What the login page does with an e-mail: the password as always, or the company's provider. */
export const zSsoDiscovery = lazy(() =>
  z.object({
    sso: z.boolean(),
    /** The company logs its users in only through its provider. */
    required: z.boolean(),
    /** Where the browser goes to log in through the provider (GET, a full page load). */
    startUrl: z.string().nullable(),
  }),
);
export type TSsoDiscovery = z.infer<typeof zSsoDiscovery>;

export const zSsoStartQuery = lazy(() => z.object({ email: z.string().trim().max(254) }));

export const singleSignOnApi = lazy(() => ({
  companyIdentity: endpoint({
    method: "GET",
    path: "/admin/companies/:companyId/identity",
    summary: "A company's identity settings: how its orders are signed, and its single sign-on",
    params: zCompanyIdParams,
    response: zCompanyIdentity,
    errors: [400, 401, 403, 404],
  }),
  updateCompanyIdentity: endpoint({
    method: "PUT",
    path: "/admin/companies/:companyId/identity",
    summary:
      "Sets a company's identity settings; 409 SSO_DOMAIN_TAKEN when an e-mail domain already signs in at another company",
    params: zCompanyIdParams,
    body: zUpdateCompanyIdentity,
    response: zCompanyIdentity,
    errors: [400, 401, 403, 404, 409],
  }),
  discover: endpoint({
    method: "POST",
    path: "/auth/sso/discover",
    summary: "Whether an e-mail's domain logs in through its company's own identity provider",
    body: zSsoDiscoveryRequest,
    response: zSsoDiscovery,
    errors: [400, 429],
  }),
}));
