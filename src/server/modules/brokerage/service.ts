import type { FastifyBaseLogger } from "fastify";
import {
  BIKE_BROKERAGE_CREATED,
  BIKE_BROKERAGE_DELETED,
  BIKE_BROKERAGE_INQUIRY_RECEIVED,
  BIKE_BROKERAGE_UPDATED,
  type TBikeBrokerageDetails,
  type TBikeBrokeragePage,
  type TBikeBrokerageSaved,
  type TBikeBrokeragesQuery,
  type TBrokerageInquiry,
  type TBrokerageInquiryInput,
  type TCreateBikeBrokerage,
  type TListedBikePage,
  type TListedBikesQuery,
  type TUpdateBikeBrokerage,
} from "../../../contract/bike-brokerage.ts";
import { buildPath } from "../../../domain/routes.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { brokerageInquiryMail } from "../../messaging/brokerage-mails.ts";
import { CONTACT_EMAIL } from "../../messaging/layout.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { addBrokerageBike, changeBrokerageBike, removeBrokerageBike } from "./bikes.ts";
import { recordInquiry, setInquiryHandled } from "./inquiries.ts";
import { bikeDetails, findBike, findInquiry, listBikes, listedBikes } from "./read.ts";

type Log = Pick<FastifyBaseLogger, "error">;

/**
 * The bike brokerage (issue 13 point 4): the helpdesk's bikes (brokerage.manage, the admin tier, which
 * sees every bike: the brokerage belongs to Pedaali, not to a tenant) and every logged-in user's view
 * of the listed ones and their inquiries (brokerage.use). Writes run in one transaction each; the
 * mail to customer service goes after the commit, and a failed mail is logged, never undoing the inquiry.
 */
export function createBrokerageService(ctx: AppContext) {
  const { db } = ctx.database;

  function inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction((txDb) => work(txDb as unknown as Db));
  }

  /** The bike's page in the admin: /admin, Hakemukset, Pyörävälitys (the web's helpdesk-paths.ts segments). */
  const adminLink = (bikeId: string) =>
    `${ctx.config.publicUrl}${buildPath("admin")}/hakemukset/valitys/${encodeURIComponent(bikeId)}`;

  return {
    list: (query: TBikeBrokeragesQuery): Promise<TBikeBrokeragePage> => listBikes(db, query),

    details: (id: string): Promise<TBikeBrokerageDetails> => bikeDetails(db, id, new Date()),

    async create(viewer: CurrentUser, input: TCreateBikeBrokerage): Promise<TBikeBrokerageSaved> {
      const id = await inTransaction((tx) => addBrokerageBike(tx, input, { userId: viewer.id }, new Date()));
      return { message: BIKE_BROKERAGE_CREATED, bikeBrokerage: await findBike(db, id) };
    },

    async update(viewer: CurrentUser, id: string, input: TUpdateBikeBrokerage): Promise<TBikeBrokerageSaved> {
      await inTransaction((tx) => changeBrokerageBike(tx, id, input, { userId: viewer.id }, new Date()));
      return { message: BIKE_BROKERAGE_UPDATED, bikeBrokerage: await findBike(db, id) };
    },

    async remove(viewer: CurrentUser, id: string): Promise<{ message: string }> {
      await inTransaction((tx) => removeBrokerageBike(tx, id, { userId: viewer.id }, new Date()));
      return { message: BIKE_BROKERAGE_DELETED };
    },

    async setHandled(viewer: CurrentUser, inquiryId: string, handled: boolean): Promise<TBrokerageInquiry> {
      await inTransaction((tx) =>
        setInquiryHandled(tx, inquiryId, handled, { userId: viewer.id }, new Date()),
      );
      return findInquiry(db, inquiryId);
    },

    listed: (query: TListedBikesQuery): Promise<TListedBikePage> => listedBikes(db, query),

    async inquire(
      viewer: CurrentUser,
      bikeId: string,
      input: TBrokerageInquiryInput,
      log: Log,
    ): Promise<{ message: string }> {
      const asker = { userId: viewer.id, helpdesk: viewer.permissions.includes("brokerage.manage") };
      const recorded = await inTransaction((tx) => recordInquiry(tx, bikeId, input, asker, new Date()));
      try {
        const mail = brokerageInquiryMail("fi", { ...recorded, link: adminLink(recorded.bikeBrokerageId) });
        await ctx.messaging.sendMail({ to: CONTACT_EMAIL, ...mail });
      } catch (error) {
        log.error({ err: error, inquiryId: recorded.inquiryId }, "brokerage inquiry mail failed");
      }
      return { message: BIKE_BROKERAGE_INQUIRY_RECEIVED };
    },
  };
}
