import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { zScimTokenIssued, zScimUser } from "../../../contract/scim.ts";
import { SCIM_ENTERPRISE_USER, SCIM_ERROR, SCIM_USER } from "../../../domain/scim.ts";

/**
 * The SCIM tests' identity provider: calls `/scim/v2` with a company's bearer token exactly as Entra
 * ID's or Okta's SCIM client does (application/scim+json), and a company admin who makes the token.
 */

export type ScimMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export function identityProvider(app: () => FastifyInstance) {
  return async function scim(token: string | null, method: ScimMethod, url: string, payload?: unknown) {
    return app().inject({
      method,
      url: `/scim/v2${url}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload === undefined ? {} : { "content-type": "application/scim+json" }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  };
}

/** A new token of the company, made through its settings page's call as `session` (201). */
export async function issueToken(
  app: FastifyInstance,
  headers: Record<string, string>,
  companyId: string,
): Promise<string> {
  const res = await app.inject({ method: "POST", url: `/api/companies/${companyId}/scim-token`, headers });
  expect(res.statusCode, res.body).toBe(201);
  return zScimTokenIssued.parse(res.json()).secret;
}

/** A SCIM error answer: its status, scimType (when given), SCIM's media type and error schema. */
export function expectScimError(
  res: { statusCode: number; body: string; headers: Record<string, unknown>; json: () => unknown },
  status: number,
  scimType?: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers["content-type"])).toContain("application/scim+json");
  const body = res.json() as { schemas: string[]; status: string; scimType?: string; detail: string };
  expect(body.schemas).toEqual([SCIM_ERROR]);
  expect(body.status).toBe(String(status));
  expect(body.detail).toEqual(expect.any(String));
  if (scimType) expect(body.scimType).toBe(scimType);
  return body;
}

export const parseUser = (res: { statusCode: number; body: string; json: () => unknown }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return zScimUser.parse(res.json());
};

/** A user as Entra ID posts one: a fresh address and external id each time. */
export function newUser(overrides: Record<string, unknown> = {}) {
  const tag = randomUUID().slice(0, 8);
  return {
    schemas: [SCIM_USER, SCIM_ENTERPRISE_USER],
    userName: `scim.${tag}@demo.test`,
    externalId: `entra-${tag}`,
    active: true,
    name: { givenName: "Sanni", familyName: `Scim-${tag}` },
    emails: [{ value: `scim.${tag}@demo.test`, type: "work", primary: true }],
    [SCIM_ENTERPRISE_USER]: { employeeNumber: `E-${tag}` },
    ...overrides,
  };
}
