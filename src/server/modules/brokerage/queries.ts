import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type {
  TBikeBrokerage,
  TBikeBrokerageDetails,
  TBikeBrokeragePage,
  TBikeBrokeragesQuery,
  TBrokerageEvent,
  TBrokerageInquiry,
  TListedBikePage,
  TListedBikesQuery,
} from "../../../contract/bike-brokerage.ts";
import { brokerageStage } from "../../../domain/brokerage.ts";
import { personName } from "../../../domain/person-name.ts";
import type { Db } from "../../db/client.ts";
import { countOver, likeContains, readPage } from "../../db/paging.ts";
import {
  bikeBrokerageInquiries,
  bikeBrokerages,
  companies,
  eventLog,
  orders,
  systemUsers,
  users,
} from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import { askingPriceSuggestion } from "./suggestion.ts";

/**
 * Reading the brokerage: the helpdesk's list and one bike's page, and the public list of
 * /bikeBrokerageService, which selects only the describing columns, so nothing about whose the bike
 * was can leak into it. Filtered and paged in SQL (bike_brokerages_status_idx, _listed_idx).
 */

/** How many of a bike's inquiries and events its page shows, newest first. */
const INQUIRIES_SHOWN = 100;
const EVENTS_SHOWN = 200;

const openInquiryRows = sql`from ${bikeBrokerageInquiries}
  where ${bikeBrokerageInquiries.bikeBrokerageId} = ${bikeBrokerages.id}
  and ${bikeBrokerageInquiries.handledAt} is null`;
const openInquiries = sql<number>`(select count(*)::int ${openInquiryRows})`;
const openInquiryOf = sql`(select 1 ${openInquiryRows})`;

const columns = {
  bike: bikeBrokerages,
  orderNumber: orders.orderNumber,
  companyName: companies.name,
  openInquiryCount: openInquiries,
};

type Row = {
  bike: typeof bikeBrokerages.$inferSelect;
  orderNumber: number | null;
  companyName: string | null;
  openInquiryCount: number;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toBikeBrokerage({ bike: b, orderNumber, companyName, openInquiryCount }: Row): TBikeBrokerage {
  const listed = b.listedAt !== null;
  return {
    bikeBrokerageId: b.id,
    orderId: b.orderId,
    orderNumber,
    bikeRedemptionId: b.bikeRedemptionId,
    companyName,
    brand: b.brand,
    model: b.model,
    modelYear: b.modelYear,
    frameSize: b.frameSize,
    description: b.description,
    askingPriceCents: b.askingPriceCents,
    city: b.city,
    adminNote: b.adminNote,
    status: b.status,
    stage: brokerageStage(b.status, listed),
    listed,
    listedAt: iso(b.listedAt),
    soldAt: iso(b.soldAt),
    openInquiryCount: Number(openInquiryCount),
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}

function toInquiry(row: typeof bikeBrokerageInquiries.$inferSelect): TBrokerageInquiry {
  return {
    inquiryId: row.id,
    bikeBrokerageId: row.bikeBrokerageId,
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    message: row.message,
    handled: row.handledAt !== null,
    handledAt: iso(row.handledAt),
    createdAt: row.createdAt.toISOString(),
  };
}

const ACTIONS = new Set<string>(["UNLISTED", "WITHDRAWN", "REOPENED", "INQUIRY_HANDLED", "INQUIRY_REOPENED"]);

/** The search of the helpdesk's list: an order number exactly, else part of the brand, model or city. */
function searchCondition(search: string): SQL | undefined {
  if (/^\d{1,9}$/.test(search)) return eq(orders.orderNumber, Number(search));
  const pattern = likeContains(search);
  return or(
    ilike(bikeBrokerages.brand, pattern),
    ilike(bikeBrokerages.model, pattern),
    ilike(bikeBrokerages.city, pattern),
  );
}

export async function listBikes(db: Db, query: TBikeBrokeragesQuery): Promise<TBikeBrokeragePage> {
  const search = query.search?.trim();
  const where = and(
    search ? searchCondition(search) : undefined,
    query.status ? eq(bikeBrokerages.status, query.status) : undefined,
    query.listed === undefined
      ? undefined
      : query.listed
        ? isNotNull(bikeBrokerages.listedAt)
        : isNull(bikeBrokerages.listedAt),
    query.openInquiries === undefined
      ? undefined
      : query.openInquiries
        ? sql`exists ${openInquiryOf}`
        : sql`not exists ${openInquiryOf}`,
  );
  return readPage(query, {
    rows: ({ limit, offset }) =>
      db
        .select({ ...columns, total: countOver() })
        .from(bikeBrokerages)
        .leftJoin(orders, eq(orders.id, bikeBrokerages.orderId))
        .leftJoin(companies, eq(companies.id, bikeBrokerages.companyId))
        .where(where)
        .orderBy(desc(bikeBrokerages.createdAt), desc(bikeBrokerages.id))
        .limit(limit)
        .offset(offset),
    items: (rows) => rows.map(({ total: _total, ...row }) => toBikeBrokerage(row)),
    countPastEnd: async () =>
      (
        await db
          .select({ n: count() })
          .from(bikeBrokerages)
          .leftJoin(orders, eq(orders.id, bikeBrokerages.orderId))
          .where(where)
      )[0]?.n ?? 0,
  });
}

export async function findBike(db: Db, id: string): Promise<TBikeBrokerage> {
  const [row] = await db
    .select(columns)
    .from(bikeBrokerages)
    .leftJoin(orders, eq(orders.id, bikeBrokerages.orderId))
    .leftJoin(companies, eq(companies.id, bikeBrokerages.companyId))
    .where(eq(bikeBrokerages.id, id));
  if (!row) throw notFound("Bike brokerage");
  return toBikeBrokerage(row);
}

export async function bikeDetails(db: Db, id: string, now: Date): Promise<TBikeBrokerageDetails> {
  const bike = await findBike(db, id);
  const [inquiries, [inquiryTotal], events, suggestion] = await Promise.all([
    db
      .select()
      .from(bikeBrokerageInquiries)
      .where(eq(bikeBrokerageInquiries.bikeBrokerageId, id))
      .orderBy(desc(bikeBrokerageInquiries.createdAt), desc(bikeBrokerageInquiries.id))
      .limit(INQUIRIES_SHOWN),
    db
      .select({ n: count() })
      .from(bikeBrokerageInquiries)
      .where(eq(bikeBrokerageInquiries.bikeBrokerageId, id)),
    db
      .select({
        event: eventLog,
        firstName: systemUsers.firstName,
        lastName: systemUsers.lastName,
        email: users.email,
      })
      .from(eventLog)
      .leftJoin(users, eq(users.id, eventLog.actorUserId))
      .leftJoin(systemUsers, eq(systemUsers.userId, eventLog.actorUserId))
      .where(and(eq(eventLog.entityType, "bikeBrokerage"), eq(eventLog.entityId, id)))
      .orderBy(desc(eventLog.createdAt), desc(eventLog.id))
      .limit(EVENTS_SHOWN),
    bike.orderId ? askingPriceSuggestion(db, bike.orderId, now) : null,
  ]);
  return {
    ...bike,
    suggestion,
    inquiryCount: inquiryTotal?.n ?? 0,
    inquiries: inquiries.map(toInquiry),
    events: events.map(({ event, firstName, lastName, email }): TBrokerageEvent => {
      const action = event.data?.action;
      const name = personName(firstName, lastName, email ?? "");
      return {
        id: event.id,
        type: event.type,
        action:
          typeof action === "string" && ACTIONS.has(action) ? (action as TBrokerageEvent["action"]) : null,
        actorName: event.actorUserId && name ? name : null,
        createdAt: event.createdAt.toISOString(),
      };
    }),
  };
}

export async function findInquiry(db: Db, inquiryId: string): Promise<TBrokerageInquiry> {
  const [row] = await db
    .select()
    .from(bikeBrokerageInquiries)
    .where(eq(bikeBrokerageInquiries.id, inquiryId));
  if (!row) throw notFound("Bike brokerage inquiry");
  return toInquiry(row);
}

/** The bikes on /bikeBrokerageService: for sale and listed, newest listed first; describing columns only. */
export async function listedBikes(db: Db, query: TListedBikesQuery): Promise<TListedBikePage> {
  const search = query.search?.trim();
  const frameSize = query.frameSize?.trim();
  const where = and(
    eq(bikeBrokerages.status, "PENDING"),
    isNotNull(bikeBrokerages.listedAt),
    search
      ? or(
          ilike(bikeBrokerages.brand, likeContains(search)),
          ilike(bikeBrokerages.model, likeContains(search)),
          ilike(bikeBrokerages.city, likeContains(search)),
        )
      : undefined,
    frameSize ? sql`lower(${bikeBrokerages.frameSize}) = lower(${frameSize})` : undefined,
  );
  return readPage(query, {
    rows: ({ limit, offset }) =>
      db
        .select({
          bikeBrokerageId: bikeBrokerages.id,
          brand: bikeBrokerages.brand,
          model: bikeBrokerages.model,
          modelYear: bikeBrokerages.modelYear,
          frameSize: bikeBrokerages.frameSize,
          description: bikeBrokerages.description,
          askingPriceCents: bikeBrokerages.askingPriceCents,
          city: bikeBrokerages.city,
          listedAt: bikeBrokerages.listedAt,
          total: countOver(),
        })
        .from(bikeBrokerages)
        .where(where)
        .orderBy(desc(bikeBrokerages.listedAt), desc(bikeBrokerages.id))
        .limit(limit)
        .offset(offset),
    items: (rows) =>
      rows.map(({ total: _total, ...row }) => ({ ...row, listedAt: (row.listedAt as Date).toISOString() })),
    countPastEnd: async () => (await db.select({ n: count() }).from(bikeBrokerages).where(where))[0]?.n ?? 0,
  });
}
