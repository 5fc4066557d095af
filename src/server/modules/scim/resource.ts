import type { TScimUser, TScimUserList } from "../../../contract/scim.ts";
import {
  SCIM_ENTERPRISE_USER,
  SCIM_LIST_RESPONSE,
  SCIM_MAX_PAGE_SIZE,
  SCIM_USER,
} from "../../../domain/scim.ts";
import type { ScimInvitationRow, ScimResourceRow, ScimUserRow } from "./queries.ts";

/**
 * An employee as a SCIM User (RFC 7643 §4.1), and the discovery documents (RFC 7644 §4) that tell the
 * identity provider what Pedaali keeps of a user and which calls it answers.
 */

/** The employee as their company's identity provider sees them: userName is the login e-mail. */
export function scimUserOf(row: ScimUserRow, baseUrl: string): TScimUser {
  const givenName = row.firstName ?? "";
  const familyName = row.lastName ?? "";
  const formatted = [givenName, familyName].filter(Boolean).join(" ");
  return {
    schemas: [SCIM_USER, SCIM_ENTERPRISE_USER],
    id: row.id,
    ...(row.scimExternalId ? { externalId: row.scimExternalId } : {}),
    userName: row.email,
    name: { givenName, familyName, formatted },
    displayName: formatted || row.email,
    emails: [{ value: row.email, type: "work", primary: true }],
    preferredLanguage: row.language,
    active: row.scimDeactivatedAt === null,
    [SCIM_ENTERPRISE_USER]: row.employeeNumber ? { employeeNumber: row.employeeNumber } : {},
    meta: {
      resourceType: "User",
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${baseUrl}/Users/${row.id}`,
    },
  };
}

/**
 * An invitation as the provider's resource: only what the provider itself sent (its address, its
 * names, its employee number, its `active`), never the account's own name, phone or language.
 */
export function scimInvitationOf(row: ScimInvitationRow, baseUrl: string): TScimUser {
  const formatted = [row.firstName, row.lastName].filter(Boolean).join(" ");
  const employeeNumber = row.employerFields.employeeNumber;
  return {
    schemas: [SCIM_USER, SCIM_ENTERPRISE_USER],
    id: row.id,
    ...(row.scimExternalId ? { externalId: row.scimExternalId } : {}),
    userName: row.email,
    name: { givenName: row.firstName, familyName: row.lastName, formatted },
    displayName: formatted || row.email,
    emails: [{ value: row.email, type: "work", primary: true }],
    preferredLanguage: row.language,
    active: row.active,
    [SCIM_ENTERPRISE_USER]: typeof employeeNumber === "string" && employeeNumber ? { employeeNumber } : {},
    meta: {
      resourceType: "User",
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${baseUrl}/Users/${row.id}`,
    },
  };
}

const scimResourceOf = (row: ScimResourceRow, baseUrl: string): TScimUser =>
  row.kind === "invitation" ? scimInvitationOf(row, baseUrl) : scimUserOf(row, baseUrl);

export function scimListOf(
  rows: ScimResourceRow[],
  total: number,
  startIndex: number,
  baseUrl: string,
): TScimUserList {
  return {
    schemas: [SCIM_LIST_RESPONSE],
    totalResults: total,
    startIndex,
    itemsPerPage: rows.length,
    Resources: rows.map((row) => scimResourceOf(row, baseUrl)),
  };
}

const listOf = (resources: Record<string, unknown>[]) => ({
  schemas: [SCIM_LIST_RESPONSE],
  totalResults: resources.length,
  startIndex: 1,
  itemsPerPage: resources.length,
  Resources: resources,
});

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
    documentationUri: `${baseUrl.replace(/\/scim\/v2$/, "")}/`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_PAGE_SIZE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: "oauthbearertoken",
        name: "Bearer token",
        description: "The company's SCIM token, made by its admin on the company settings page",
        primary: true,
      },
    ],
    meta: { resourceType: "ServiceProviderConfig", location: `${baseUrl}/ServiceProviderConfig` },
  };
}

export function resourceTypes(baseUrl: string) {
  return listOf([
    {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:ResourceType"],
      id: "User",
      name: "User",
      endpoint: "/Users",
      description: "An employee of the company",
      schema: SCIM_USER,
      schemaExtensions: [{ schema: SCIM_ENTERPRISE_USER, required: false }],
      meta: { resourceType: "ResourceType", location: `${baseUrl}/ResourceTypes/User` },
    },
  ]);
}

type Attribute = { name: string; type: string; required?: boolean; subAttributes?: Attribute[] } & Partial<
  Record<"multiValued" | "caseExact", boolean>
> & { mutability?: string; uniqueness?: string };

const attribute = (a: Attribute): Record<string, unknown> => ({
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...a,
  ...(a.subAttributes ? { subAttributes: a.subAttributes.map(attribute) } : {}),
});

export function schemas(baseUrl: string) {
  const schema = (id: string, name: string, attributes: Attribute[]) => ({
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:Schema"],
    id,
    name,
    attributes: attributes.map(attribute),
    meta: { resourceType: "Schema", location: `${baseUrl}/Schemas/${id}` },
  });
  return listOf([
    schema(SCIM_USER, "User", [
      // The login e-mail: set when the person is added, then changed only by the person.
      { name: "userName", type: "string", required: true, mutability: "immutable", uniqueness: "server" },
      { name: "externalId", type: "string", caseExact: true },
      { name: "active", type: "boolean" },
      { name: "displayName", type: "string", mutability: "readOnly" },
      { name: "preferredLanguage", type: "string", mutability: "writeOnly" },
      {
        name: "name",
        type: "complex",
        subAttributes: [
          { name: "givenName", type: "string" },
          { name: "familyName", type: "string" },
          { name: "formatted", type: "string", mutability: "readOnly" },
        ],
      },
      {
        name: "emails",
        type: "complex",
        multiValued: true,
        mutability: "immutable",
        subAttributes: [
          { name: "value", type: "string" },
          { name: "type", type: "string" },
          { name: "primary", type: "boolean" },
        ],
      },
    ]),
    schema(SCIM_ENTERPRISE_USER, "EnterpriseUser", [{ name: "employeeNumber", type: "string" }]),
  ]);
}
