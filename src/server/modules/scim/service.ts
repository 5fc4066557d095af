import type {
  TScimPatch,
  TScimTokenIssued,
  TScimTokenState,
  TScimUser,
  TScimUserInput,
  TScimUserList,
  TScimUsersQuery,
} from "../../../contract/scim.ts";
import { changeOfPatch, parseScimFilter, type ScimUserChange, scimPage } from "../../../domain/scim.ts";
import type { AppContext } from "../../context.ts";
import { write } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { queueInvitation } from "../employees/mails.ts";
import { type ScimVia, scimActor } from "./deactivate.ts";
import { scimRefused } from "./errors.ts";
import { changeOfReplace, changeScimUser, createScimUser } from "./provision.ts";
import { scimInvitationOfCompany, scimTokenState, scimUserOfCompany, scimUsersPage } from "./queries.ts";
import {
  resourceTypes,
  schemas,
  scimInvitationOf,
  scimListOf,
  scimUserOf,
  serviceProviderConfig,
} from "./resource.ts";
import { issueScimToken, revokeScimToken, type ScimCaller, scimCallerOf } from "./tokens.ts";

/**
 * The company admin's SCIM token (the company settings page): its state, making or replacing it,
 * revoking it. The guard has checked that the caller manages the company's settings.
 */
export function createScimTokensService(ctx: AppContext) {
  const { db } = ctx.database;
  const state = (companyId: string) => scimTokenState(db, companyId, ctx.config.publicUrl);

  return {
    state: (companyId: string): Promise<TScimTokenState> => state(companyId),

    async issue(actor: CurrentUser, companyId: string): Promise<TScimTokenIssued> {
      const secret = await write(db, { actor: { userId: actor.id } }, (w) => issueScimToken(w, companyId));
      return { ...(await state(companyId)), secret };
    },

    async revoke(actor: CurrentUser, companyId: string): Promise<TScimTokenState> {
      await write(db, { actor: { userId: actor.id } }, (w) => revokeScimToken(w, companyId));
      return state(companyId);
    },
  };
}

/**
 * The identity provider's calls (`/scim/v2`). The token decides the company; every read and write
 * reaches only that company's employees, and another id is a 404. Writes run as the system (no user)
 * with the token's id in their events; their mails are queued in the message outbox with each change.
 */
export function createScimService(ctx: AppContext) {
  const { db } = ctx.database;
  const baseUrl = `${ctx.config.publicUrl}/scim/v2`;
  const output = { publicUrl: ctx.config.publicUrl, files: ctx.files };
  const by = (caller: ScimCaller) => ({ actor: scimActor(caller) });

  /** The company's employee with this id, or its open invitation (what the provider sent only). */
  async function user(caller: ScimCaller, id: string): Promise<TScimUser> {
    const row = await scimUserOfCompany(db, caller.companyId, id);
    if (row) return scimUserOf(row, baseUrl);
    const invitation = await scimInvitationOfCompany(db, caller.companyId, id);
    if (!invitation) throw notFound("User");
    return scimInvitationOf(invitation, baseUrl);
  }

  async function change(caller: ScimCaller, id: string, asked: ScimUserChange, via: ScimVia) {
    await write(db, by(caller), (w) => changeScimUser(w, caller, id, asked, via, output));
  }

  return {
    /** The caller of the request's Authorization header; 401 without a token in use. */
    caller: (authorization: string | undefined) => scimCallerOf(db, authorization, new Date()),

    serviceProviderConfig: () => serviceProviderConfig(baseUrl),
    resourceTypes: () => resourceTypes(baseUrl),
    schemas: () => schemas(baseUrl),

    async list(caller: ScimCaller, query: TScimUsersQuery): Promise<TScimUserList> {
      const parsed = parseScimFilter(query.filter);
      if (!parsed.ok) throw scimRefused(parsed);
      const page = scimPage(query);
      const { total, rows } = await scimUsersPage(db, caller.companyId, parsed.filter, page);
      return scimListOf(rows, total, page.startIndex, baseUrl);
    },

    get: user,

    async create(caller: ScimCaller, body: TScimUserInput): Promise<TScimUser> {
      const made = await write(db, by(caller), async (w) => {
        const provisioned = await createScimUser(w, caller, body, output);
        if (body.active !== false) await queueInvitation(w.tx, provisioned.added, provisioned.input);
        return provisioned;
      });
      return user(caller, made.resourceId);
    },

    async replace(caller: ScimCaller, id: string, body: TScimUserInput): Promise<TScimUser> {
      await change(caller, id, changeOfReplace(body), "PUT");
      return user(caller, id);
    },

    async patch(caller: ScimCaller, id: string, body: TScimPatch): Promise<TScimUser> {
      const asked = changeOfPatch(body.Operations);
      if (!asked.ok) throw scimRefused(asked);
      await change(caller, id, asked.change, "PATCH");
      return user(caller, id);
    },

    /** DELETE: the person left. Pedaali keeps the employee and their lease history, inactive. */
    remove: (caller: ScimCaller, id: string): Promise<void> =>
      change(caller, id, { active: false }, "DELETE"),
  };
}
