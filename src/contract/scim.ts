import { z } from "zod";
import { SCIM_ENTERPRISE_USER, SCIM_MAX_PAGE_SIZE } from "../domain/scim.ts";
import { zIdParams } from "./companies.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zSingleLineText } from "./text.ts";

/**
 * Automatic user provisioning through SCIM 2.0 (RFC 7643, RFC 7644): a company's identity provider
 * (Microsoft Entra ID, Google, Okta…) creates, changes and deactivates the company's employees.
 *
 * Two kinds of calls. The company's admin keeps the bearer token on the company settings page (under
 * /api, like every other call). The identity provider calls `/scim/v2/...` with that token: those paths
 * are the address itself, not under /api, since only the provider calls them, never the web; their
 * errors are SCIM's own body (`urn:ietf:params:scim:api:messages:2.0:Error`), not the API's.
 */

// ---- The company's token (the company settings page) ------------------------------------------------

export const zScimTokenState = lazy(() =>
  z.object({
    /** Where the identity provider is pointed: `<public url>/scim/v2`. */
    baseUrl: z.string(),
    /** The token in use; null when the company has none (never made, or revoked). */
    token: z
      .object({
        createdAt: z.iso.datetime(),
        /** Who made it ("First Last" or the e-mail); null once that user is gone. */
        createdBy: z.string().nullable(),
        /** When the identity provider last called with it; null before its first call. */
        lastUsedAt: z.iso.datetime().nullable(),
      })
      .nullable(),
  }),
);
export type TScimTokenState = z.infer<typeof zScimTokenState>;

/** The answer of making or replacing the token: the only time the token itself is shown. */
export const zScimTokenIssued = lazy(() => zScimTokenState.extend({ secret: z.string() }));
export type TScimTokenIssued = z.infer<typeof zScimTokenIssued>;

export const scimTokenApi = lazy(() => ({
  scimToken: endpoint({
    method: "GET",
    path: "/companies/:id/scim-token",
    summary: "The company's SCIM address and whether it has a token (never the token itself)",
    params: zIdParams,
    response: zScimTokenState,
    errors: [400, 401, 403, 404],
  }),
  issueScimToken: endpoint({
    method: "POST",
    path: "/companies/:id/scim-token",
    summary: "Make the company's SCIM token, or replace the one in use (answered once, in secret)",
    params: zIdParams,
    status: 201,
    response: zScimTokenIssued,
    errors: [400, 401, 403, 404],
  }),
  revokeScimToken: endpoint({
    method: "DELETE",
    path: "/companies/:id/scim-token",
    summary: "Revoke the company's SCIM token: its identity provider can no longer call",
    params: zIdParams,
    response: zScimTokenState,
    errors: [400, 401, 403, 404],
  }),
}));

// ---- What the identity provider sends --------------------------------------------------------------

const zScimName = lazy(() =>
  z.object({
    givenName: zSingleLineText({ max: 100 }).optional(),
    familyName: zSingleLineText({ max: 100 }).optional(),
    formatted: zSingleLineText({ max: 300 }).optional(),
  }),
);

const zScimEmail = lazy(() =>
  z.object({
    value: zSingleLineText({ max: 254 }),
    type: zSingleLineText({ max: 50 }).optional(),
    primary: z.boolean().optional(),
  }),
);

/**
 * A User resource as POST and PUT send it. Attributes Pedaali keeps nothing of (phone numbers,
 * addresses, titles…) are left out unread; userName is the person's work e-mail, their login.
 */
const zScimUserInput = lazy(() =>
  z.object({
    schemas: z
      .array(zSingleLineText({ max: 200 }))
      .max(10)
      .optional(),
    userName: zSingleLineText({ min: 1, max: 254 }),
    externalId: zSingleLineText({ max: 200 }).nullable().optional(),
    active: z.boolean().optional(),
    displayName: zSingleLineText({ max: 300 }).optional(),
    name: zScimName.optional(),
    emails: z.array(zScimEmail).max(20).optional(),
    /** RFC 7231 language tag ("fi-FI", "sv"): the language of the invitation mail and the account. */
    preferredLanguage: zSingleLineText({ max: 35 }).optional(),
    [SCIM_ENTERPRISE_USER]: z.object({ employeeNumber: zSingleLineText({ max: 50 }).optional() }).optional(),
  }),
);
export type TScimUserInput = z.infer<typeof zScimUserInput>;

/**
 * A PatchOp (RFC 7644 §3.5.2). The operations' values are read by src/domain/scim.ts, which knows
 * both the path form and Entra ID's value-object form.
 */
const zScimPatch = lazy(() =>
  z.object({
    schemas: z
      .array(zSingleLineText({ max: 200 }))
      .max(5)
      .optional(),
    Operations: z
      .array(
        z.object({
          op: zSingleLineText({ min: 1, max: 20 }),
          path: zSingleLineText({ max: 200 }).optional(),
          value: z.unknown().optional(),
        }),
      )
      .min(1)
      .max(50),
  }),
);
export type TScimPatch = z.infer<typeof zScimPatch>;

/** A SCIM id is ours (a uuid); anything else is a user that does not exist, 404, not a 400. */
const zScimIdParams = lazy(() => z.object({ id: z.string().max(100) }));

/** RFC 7644 §3.4.2: a filter, and 1-based paging as Entra ID and Okta send it. */
const zScimUsersQuery = lazy(() =>
  z.object({
    filter: z.string().max(500).optional(),
    startIndex: z.coerce.number().int().min(-1_000_000_000).max(1_000_000_000).optional(),
    count: z.coerce.number().int().min(-1_000_000_000).max(1_000_000_000).optional(),
    /** Asked by some providers; every attribute is answered anyway. */
    attributes: z.string().max(500).optional(),
    excludedAttributes: z.string().max(500).optional(),
  }),
);
export type TScimUsersQuery = z.infer<typeof zScimUsersQuery>;

// ---- What Pedaali answers ----------------------------------------------------------------------------

export const zScimUser = lazy(() =>
  z.object({
    schemas: z.array(z.string()),
    id: z.uuid(),
    externalId: z.string().optional(),
    userName: z.string(),
    name: z.object({ givenName: z.string(), familyName: z.string(), formatted: z.string() }),
    displayName: z.string(),
    emails: z.array(z.object({ value: z.string(), type: z.string(), primary: z.boolean() })),
    preferredLanguage: z.string(),
    active: z.boolean(),
    [SCIM_ENTERPRISE_USER]: z.object({ employeeNumber: z.string().optional() }),
    meta: z.object({
      resourceType: z.literal("User"),
      created: z.iso.datetime(),
      lastModified: z.iso.datetime(),
      location: z.string(),
    }),
  }),
);
export type TScimUser = z.infer<typeof zScimUser>;

export const zScimUserList = lazy(() =>
  z.object({
    schemas: z.array(z.string()),
    totalResults: z.int(),
    startIndex: z.int(),
    itemsPerPage: z.int().max(SCIM_MAX_PAGE_SIZE),
    Resources: z.array(zScimUser),
  }),
);
export type TScimUserList = z.infer<typeof zScimUserList>;

/** The discovery documents (RFC 7644 §4): fixed texts, described loosely. */
const zScimDocument = lazy(() => z.record(z.string(), z.unknown()));
const zScimDocumentList = lazy(() =>
  z.object({
    schemas: z.array(z.string()),
    totalResults: z.int(),
    startIndex: z.int(),
    itemsPerPage: z.int(),
    Resources: z.array(zScimDocument),
  }),
);

/**
 * The identity provider's calls. Their errors are SCIM's error body, which the SCIM routes write
 * themselves, so `errors` lists none of the API's.
 */
export const scimApi = lazy(() => ({
  serviceProviderConfig: endpoint({
    method: "GET",
    path: "/scim/v2/ServiceProviderConfig",
    summary: "SCIM: what this service provider supports (PATCH and filters; no bulk, sort or ETags)",
    response: zScimDocument,
    errors: [],
  }),
  resourceTypes: endpoint({
    method: "GET",
    path: "/scim/v2/ResourceTypes",
    summary: "SCIM: the resource types (User, with the enterprise extension)",
    response: zScimDocumentList,
    errors: [],
  }),
  schemas: endpoint({
    method: "GET",
    path: "/scim/v2/Schemas",
    summary: "SCIM: the User and enterprise User schemas as far as Pedaali keeps them",
    response: zScimDocumentList,
    errors: [],
  }),
  listUsers: endpoint({
    method: "GET",
    path: "/scim/v2/Users",
    summary: "SCIM: the company's employees (filter userName eq / externalId eq; startIndex, count)",
    query: zScimUsersQuery,
    response: zScimUserList,
    errors: [],
  }),
  createUser: endpoint({
    method: "POST",
    path: "/scim/v2/Users",
    summary: "SCIM: add an employee to the token's company, as the employer adds one",
    body: zScimUserInput,
    status: 201,
    response: zScimUser,
    errors: [],
  }),
  getUser: endpoint({
    method: "GET",
    path: "/scim/v2/Users/:id",
    summary: "SCIM: one employee of the company",
    params: zScimIdParams,
    response: zScimUser,
    errors: [],
  }),
  replaceUser: endpoint({
    method: "PUT",
    path: "/scim/v2/Users/:id",
    summary: "SCIM: replace an employee's names, ids and active flag (inactive opens the employment's end)",
    params: zScimIdParams,
    body: zScimUserInput,
    response: zScimUser,
    errors: [],
  }),
  patchUser: endpoint({
    method: "PATCH",
    path: "/scim/v2/Users/:id",
    summary: "SCIM: change an employee by PatchOp (active false opens the employment's end)",
    params: zScimIdParams,
    body: zScimPatch,
    response: zScimUser,
    errors: [],
  }),
  deleteUser: endpoint({
    method: "DELETE",
    path: "/scim/v2/Users/:id",
    summary: "SCIM: the employee left: deactivated as by active false; their lease history stays",
    params: zScimIdParams,
    status: 204,
    response: z.null(),
    errors: [],
  }),
}));
