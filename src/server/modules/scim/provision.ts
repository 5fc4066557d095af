import { eq } from "drizzle-orm";
import type { TCreateEmployee, TUpdateEmployee } from "../../../contract/employees.ts";
import type { TScimUserInput } from "../../../contract/scim.ts";
import {
  languageOfTag,
  loginAddressOf,
  SCIM_ENTERPRISE_USER,
  type ScimUserChange,
} from "../../../domain/scim.ts";
import { recordEvent } from "../../db/event-log.ts";
import { employmentInvitations } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { type Added, addEmployee } from "../employees/add-employee.ts";
import { setScimExternalId } from "../employees/identity-provider.ts";
import { withdrawInvitation } from "../employees/invitations.ts";
import { isPersonShared } from "../employees/shared-person.ts";
import { updateEmployee } from "../employees/update-employee.ts";
import type { OfferOutput } from "../redemptions/add-offer.ts";
import { deactivateEmployee, reactivateEmployee, type ScimActor, type ScimVia } from "./deactivate.ts";
import { loginAddressImmutable, scimRefused } from "./errors.ts";
import { type ScimUserRow, scimInvitationOfCompany, scimUserOfCompany } from "./queries.ts";
import type { ScimCaller } from "./tokens.ts";

/**
 * The identity provider's writes of a user: adding an employee exactly as the employer adds one
 * (employees/add-employee.ts), and changing one (names and the employee number through the employer's
 * own update, the provider's id, active), each in one transaction with its event rows.
 */

type Ctx = WriteContext<ScimActor>;

const invalid = (detail: string) => scimRefused({ ok: false, scimType: "invalidValue", detail });

/** The login address of a userName, which must be an e-mail address (the person logs in with it). */
function addressOf(userName: string): string {
  const address = loginAddressOf(userName);
  if (!address) throw invalid("userName must be the person's work e-mail address");
  return address;
}

/** The person's names: name.givenName and name.familyName, else the display name split at its first space. */
function namesOf(input: TScimUserInput): { firstName: string; lastName: string } {
  const [first, ...rest] = (input.displayName ?? "").split(/\s+/).filter(Boolean);
  const firstName = input.name?.givenName || first || "";
  const lastName = input.name?.familyName || rest.join(" ") || "";
  if (!firstName || !lastName) throw invalid("name.givenName and name.familyName are required");
  return { firstName, lastName };
}

/** What a POST made: the resource's id (an employee's, or an invitation's until the person accepts). */
export type ProvisionedUser = { resourceId: string; added: Added; input: TCreateEmployee };

/**
 * POST /Users: a new employee of the token's company, ACCEPTED with the BIKE_BENEFICIARY role and an
 * invitation as the employer's add gives; a person already employed (or invited) there is 409
 * uniqueness. One the provider creates inactive is deactivated at once. An address of an existing
 * account that is not yet the company's own becomes an invitation the person accepts or declines
 * (employees/invitations.ts); its resource shows only what the provider sent.
 */
export async function createScimUser(
  ctx: Ctx,
  caller: ScimCaller,
  body: TScimUserInput,
  output: OfferOutput,
): Promise<ProvisionedUser> {
  const { firstName, lastName } = namesOf(body);
  const input: TCreateEmployee = {
    companyId: caller.companyId,
    firstName,
    lastName,
    workEmail: addressOf(body.userName),
    language: languageOfTag(body.preferredLanguage),
    employeeNumber: body[SCIM_ENTERPRISE_USER]?.employeeNumber || null,
  };
  const added = await addEmployee(ctx, input, "scim", {
    externalId: body.externalId || null,
    active: body.active !== false,
  });
  if (added.kind === "invitation") return { resourceId: added.invitationId, added, input };
  if (body.externalId) await setScimExternalId(ctx.tx, added.employeeId, body.externalId);
  if (body.active === false) {
    const row = await lockedUser(ctx, caller, added.employeeId);
    await deactivateEmployee(ctx, caller, row, "POST", output);
  }
  return { resourceId: added.employeeId, added, input };
}

async function lockedUser(ctx: Ctx, caller: ScimCaller, id: string): Promise<ScimUserRow> {
  const row = await scimUserOfCompany(ctx.tx, caller.companyId, id, true);
  if (!row) throw notFound("User");
  return row;
}

/** PUT /Users/:id as a change: what the body gives; what it leaves out stays as it is. */
export function changeOfReplace(body: TScimUserInput): ScimUserChange {
  const names = body.name ?? {};
  const change: ScimUserChange = { email: addressOf(body.userName) };
  if (names.givenName) change.givenName = names.givenName;
  if (names.familyName) change.familyName = names.familyName;
  if (body.externalId !== undefined) change.externalId = body.externalId || null;
  const enterprise = body[SCIM_ENTERPRISE_USER];
  if (enterprise?.employeeNumber !== undefined) change.employeeNumber = enterprise.employeeNumber || null;
  if (body.active !== undefined) change.active = body.active;
  return change;
}

/**
 * Applies a PUT's or a PATCH's change to the company's employee (404 for any other id). The login
 * address is the person's own: a different one is refused (mutability), since the account may also be
 * their login to a sister company. The names are the person's own once they are also another
 * company's: the provider's names are then left as they are, without failing its sync (the rest of the
 * change applies). An id of an invitation the person has not accepted changes the invitation only.
 * Answers the redemption cases a deactivation opened.
 */
export async function changeScimUser(
  ctx: Ctx,
  caller: ScimCaller,
  id: string,
  change: ScimUserChange,
  via: ScimVia,
  output: OfferOutput,
): Promise<string[]> {
  const row = await scimUserOfCompany(ctx.tx, caller.companyId, id, true);
  if (!row) {
    await changeScimInvitation(ctx, caller, id, change, via);
    return [];
  }
  if (change.email !== undefined && change.email !== row.email.toLowerCase()) throw loginAddressImmutable();
  const fields: TUpdateEmployee = {};
  const namesOwn = await isPersonShared(ctx.tx, row.userId, ctx.actor.user.scope);
  if (!namesOwn && change.givenName !== undefined && change.givenName !== row.firstName)
    fields.firstName = change.givenName;
  if (!namesOwn && change.familyName !== undefined && change.familyName !== row.lastName)
    fields.lastName = change.familyName;
  if (change.employeeNumber !== undefined && change.employeeNumber !== row.employeeNumber)
    fields.employeeNumber = change.employeeNumber;
  if (Object.keys(fields).length > 0) await updateEmployee(ctx, id, fields, output);
  if (change.externalId !== undefined && change.externalId !== row.scimExternalId)
    await setScimExternalId(ctx.tx, id, change.externalId);
  if (change.active === false) return deactivateEmployee(ctx, caller, row, via, output);
  if (change.active === true) await reactivateEmployee(ctx, caller, row, via);
  return [];
}

/**
 * A PUT's, PATCH's or DELETE's change of an invitation the person has not accepted: the provider's own
 * names, employee number, id and `active` on the invitation (an inactive one is not shown to the
 * person); a DELETE withdraws it. The person's account is not touched.
 */
async function changeScimInvitation(
  ctx: Ctx,
  caller: ScimCaller,
  id: string,
  change: ScimUserChange,
  via: ScimVia,
): Promise<void> {
  const row = await scimInvitationOfCompany(ctx.tx, caller.companyId, id, true);
  if (!row) throw notFound("User");
  if (via === "DELETE") {
    await withdrawInvitation(ctx, id, "scim");
    return;
  }
  if (change.email !== undefined && change.email !== row.email) throw loginAddressImmutable();
  const values: Partial<typeof employmentInvitations.$inferInsert> = {};
  if (change.givenName !== undefined && change.givenName !== row.firstName)
    values.firstName = change.givenName;
  if (change.familyName !== undefined && change.familyName !== row.lastName)
    values.lastName = change.familyName;
  if (change.employeeNumber !== undefined && change.employeeNumber !== row.employerFields.employeeNumber)
    values.employerFields = { ...row.employerFields, employeeNumber: change.employeeNumber };
  if (change.externalId !== undefined && change.externalId !== row.scimExternalId)
    values.scimExternalId = change.externalId;
  if (change.active !== undefined && change.active !== row.active) values.active = change.active;
  const fields = Object.keys(values);
  if (fields.length === 0) return;
  await ctx.tx
    .update(employmentInvitations)
    .set({ ...values, updatedAt: ctx.now })
    .where(eq(employmentInvitations.id, id));
  await recordEvent(ctx, {
    type: "EMPLOYMENT_INVITATION_UPDATED",
    entity: { type: "employmentInvitation", id },
    companyId: row.companyId,
    data: { fields, via, tokenId: caller.tokenId },
  });
}
