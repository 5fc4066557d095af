import { z } from "zod";
import { INVITATION_SOURCES, INVITATION_STATUSES } from "../domain/employment-invitations.ts";
import { zPage, zPageQuery } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";

/**
 * Invitations to an employment: a company that adds a person who already has an account (and is not
 * yet its own) invites them, and the person accepts or declines.
 *
 * The company's side (employees.manage in the invitation's company; another company's invitation 404):
 * - GET /api/beneficiary-employee/invitations?companyId&page&limit → `zCompanyInvitationsPage`, newest
 *   first: only what the company gave (the address as typed, its names), never the person's own.
 * - POST /api/beneficiary-employee/invitations/{id}/withdraw → `zCompanyInvitation`; 409
 *   INVITATION_CLOSED when it was accepted or withdrawn already.
 *
 * The person's side (any signed-in user, their own invitations only; anything else 404):
 * - GET /api/account/invitations → `{ items }`: the waiting invitations, newest first.
 * - POST /api/account/invitations/{id}/accept → `zInvitationAccepted` (the new employment's id, the
 *   invitation's own); POST .../decline → `zMessage`.
 */

/** An invitation as the inviting company sees it. */
export const zCompanyInvitation = lazy(() =>
  z.object({
    invitationId: z.uuid(),
    companyId: z.uuid(),
    /** The address as the company typed it. */
    email: z.string(),
    /** The names as the company gave them (not the person's own). */
    firstName: z.string(),
    lastName: z.string(),
    status: z.enum(INVITATION_STATUSES),
    source: z.enum(INVITATION_SOURCES),
    invitedAt: z.iso.datetime({ offset: true }),
    /** Who invited: the company's user's name; null for the identity provider or a removed user. */
    invitedBy: z.string().nullable(),
    closedAt: z.iso.datetime({ offset: true }).nullable(),
  }),
);
export type TCompanyInvitation = z.infer<typeof zCompanyInvitation>;

const zCompanyInvitationsQuery = lazy(() => zPageQuery.extend({ companyId: z.uuid().optional() }));
export type TCompanyInvitationsQuery = z.infer<typeof zCompanyInvitationsQuery>;
export const zCompanyInvitationsPage = lazy(() => zPage(zCompanyInvitation));
export type TCompanyInvitationsPage = z.infer<typeof zCompanyInvitationsPage>;

/** An invitation as the invited person sees it: which company, when. */
const zOwnInvitation = lazy(() =>
  z.object({
    invitationId: z.uuid(),
    companyName: z.string(),
    invitedAt: z.iso.datetime({ offset: true }),
  }),
);
export type TOwnInvitation = z.infer<typeof zOwnInvitation>;
export const zOwnInvitations = lazy(() => z.object({ items: z.array(zOwnInvitation) }));
export type TOwnInvitations = z.infer<typeof zOwnInvitations>;

export const zInvitationAccepted = lazy(() =>
  z.object({ beneficiaryEmployeeId: z.uuid(), companyName: z.string() }),
);
export type TInvitationAccepted = z.infer<typeof zInvitationAccepted>;

const zInvitationIdParams = lazy(() => z.object({ id: z.uuid() }));

export const employmentInvitationsApi = lazy(() => ({
  companyInvitations: endpoint({
    method: "GET",
    path: "/beneficiary-employee/invitations",
    summary: "The invitations of the caller's companies to people who already have an account, newest first",
    query: zCompanyInvitationsQuery,
    response: zCompanyInvitationsPage,
    errors: [400, 401, 403, 404],
  }),
  withdraw: endpoint({
    method: "POST",
    path: "/beneficiary-employee/invitations/:id/withdraw",
    summary: "Take back an invitation that made no employment; 409 INVITATION_CLOSED",
    params: zInvitationIdParams,
    response: zCompanyInvitation,
    errors: [400, 401, 403, 404, 409],
  }),
  ownInvitations: endpoint({
    method: "GET",
    path: "/account/invitations",
    summary: "The caller's own waiting invitations to an employment",
    response: zOwnInvitations,
    errors: [401, 403],
  }),
  accept: endpoint({
    method: "POST",
    path: "/account/invitations/:id/accept",
    summary: "Accept one's own invitation: the employment in the inviting company",
    params: zInvitationIdParams,
    response: zInvitationAccepted,
    errors: [400, 401, 403, 404, 409],
  }),
  decline: endpoint({
    method: "POST",
    path: "/account/invitations/:id/decline",
    summary: "Decline one's own invitation",
    params: zInvitationIdParams,
    response: z.object({ message: z.string() }),
    errors: [400, 401, 403, 404],
  }),
}));
