import { and, eq, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { CompanyRef } from "../../../domain/roles.ts";
import type { Db } from "../../db/client.ts";
import {
  beneficiaryEmployees,
  bikeRedemptions,
  bikeStores,
  companies,
  companyUnits,
  employmentInvitations,
  groupCompanies,
  orders,
} from "../../db/schema/index.ts";

/**
 * The object a request acts on, found before its input is judged: its company (or group) and, for an
 * employee's record, the employee. The guard `guards.permissionIn` uses it to answer 404 for an object
 * outside the caller's companies and 403 where the caller holds the permission only in another of their
 * companies, before the body is validated (see plugins/auth.ts).
 */
export type Reached = CompanyRef & {
  /** The employee whose record it is (their user id), for records an employee acts on themselves. */
  ownerUserId: string | null;
  /** The bike store the object belongs to, for a store user's reach (their bike_store_users). */
  bikeStoreId?: string | null;
};

export type Target = {
  /** The noun of the 404 ("Employee not found"). */
  what: string;
  /** The object's id as the request names it: a path parameter or a field of the (unvalidated) body. */
  idOf: (request: FastifyRequest) => unknown;
  find: (db: Db, id: string) => Promise<Reached | null>;
  /** The object is only ever its owner's to act on (an employee's own order): anyone else gets 404. */
  ownerOnly?: boolean;
};

const zId = z.uuid();

/** The id the request names, when it is one; otherwise validation answers for it. */
export function namedId(target: Target, request: FastifyRequest): string | null {
  const parsed = zId.safeParse(target.idOf(request));
  return parsed.success ? parsed.data : null;
}

const param =
  (name: string) =>
  (request: FastifyRequest): unknown =>
    (request.params as Record<string, unknown> | undefined)?.[name];
const bodyField =
  (name: string) =>
  (request: FastifyRequest): unknown => {
    const body = request.body;
    return body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
  };

const queryField =
  (name: string) =>
  (request: FastifyRequest): unknown =>
    (request.query as Record<string, unknown> | undefined)?.[name];

type Where = { param: string } | { body: string } | { query: string };
const idOf = (where: Where) =>
  "param" in where ? param(where.param) : "body" in where ? bodyField(where.body) : queryField(where.query);

async function companyById(db: Db, id: string): Promise<Reached | null> {
  const [row] = await db
    .select({ id: companies.id, groupCompanyId: companies.groupCompanyId })
    .from(companies)
    .where(and(eq(companies.id, id), isNull(companies.deletedAt)));
  return row ? { ...row, ownerUserId: null } : null;
}

async function groupById(db: Db, id: string): Promise<Reached | null> {
  const [row] = await db
    .select({ id: groupCompanies.id })
    .from(groupCompanies)
    .where(eq(groupCompanies.id, id));
  return row ? { id: null, groupCompanyId: row.id, ownerUserId: null } : null;
}

async function unitById(db: Db, id: string): Promise<Reached | null> {
  const [row] = await db
    .select({ id: companies.id, groupCompanyId: companies.groupCompanyId })
    .from(companyUnits)
    .innerJoin(companies, eq(companies.id, companyUnits.companyId))
    .where(eq(companyUnits.id, id));
  return row ? { ...row, ownerUserId: null } : null;
}

async function employeeById(db: Db, id: string): Promise<Reached | null> {
  const [row] = await db
    .select({
      id: companies.id,
      groupCompanyId: companies.groupCompanyId,
      ownerUserId: beneficiaryEmployees.userId,
    })
    .from(beneficiaryEmployees)
    .innerJoin(companies, eq(companies.id, beneficiaryEmployees.companyId))
    .where(eq(beneficiaryEmployees.id, id));
  return row ?? null;
}

async function invitationById(db: Db, id: string): Promise<Reached | null> {
  const [row] = await db
    .select({ id: companies.id, groupCompanyId: companies.groupCompanyId })
    .from(employmentInvitations)
    .innerJoin(companies, eq(companies.id, employmentInvitations.companyId))
    .where(eq(employmentInvitations.id, id));
  // The invited person is not the company's yet: the invitation is the company's, not theirs.
  return row ? { ...row, ownerUserId: null } : null;
}

async function orderById(db: Db, id: string): Promise<Reached | null> {
  const [row] = await db
    .select({
      id: companies.id,
      groupCompanyId: companies.groupCompanyId,
      ownerUserId: beneficiaryEmployees.userId,
      bikeStoreId: orders.bikeStoreId,
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
    .where(eq(orders.id, id));
  return row ?? null;
}

async function storeById(db: Db, id: string): Promise<Reached | null> {
  const [row] = await db.select({ id: bikeStores.id }).from(bikeStores).where(eq(bikeStores.id, id));
  return row ? { id: null, groupCompanyId: null, ownerUserId: null, bikeStoreId: row.id } : null;
}

async function redemptionCaseById(db: Db, id: string): Promise<Reached | null> {
  const [row] = await db
    .select({ orderId: bikeRedemptions.orderId })
    .from(bikeRedemptions)
    .where(eq(bikeRedemptions.id, id));
  return row ? orderById(db, row.orderId) : null;
}

/** The kinds of object a request may name, each by where the request names it. */
export const reach = {
  company: (where: Where): Target => ({ what: "Company", idOf: idOf(where), find: companyById }),
  group: (where: Where): Target => ({ what: "Group company", idOf: idOf(where), find: groupById }),
  unit: (where: Where): Target => ({ what: "Company unit", idOf: idOf(where), find: unitById }),
  employee: (where: Where): Target => ({ what: "Employee", idOf: idOf(where), find: employeeById }),
  /** A company's invitation of a person to an employment. */
  invitation: (where: Where): Target => ({ what: "Invitation", idOf: idOf(where), find: invitationById }),
  order: (where: Where): Target => ({ what: "Order", idOf: idOf(where), find: orderById }),
  /** An order only its employee acts on (accepting the offer, signing). */
  ownOrder: (where: Where): Target => ({
    what: "Order",
    idOf: idOf(where),
    find: orderById,
    ownerOnly: true,
  }),
  /** A bike store, reached by the users bound to it (guards.permissionAtStore). */
  store: (where: Where): Target => ({ what: "Bike store", idOf: idOf(where), find: storeById }),
  redemptionCase: (where: Where): Target => ({
    what: "Bike redemption",
    idOf: idOf(where),
    find: redemptionCaseById,
  }),
};
