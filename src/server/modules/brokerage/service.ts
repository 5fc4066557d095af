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
import type { AppContext } from "../../context.ts";
import { write } from "../../db/transaction.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { addBrokerageBike, changeBrokerageBike, removeBrokerageBike } from "./bikes.ts";
import { recordInquiry, setInquiryHandled } from "./inquiries.ts";
import { bikeDetails, findBike, findInquiry, listBikes, listedBikes } from "./queries.ts";

/**
 * The bike brokerage (docs/api-surface.md "Bike brokerage"): the helpdesk's bikes (brokerage.manage, the admin
 * tier, which sees every bike: the brokerage belongs to Pedaali, not to a tenant) and every logged-in
 * user's view of the listed ones and their inquiries (brokerage.use). Writes run in one transaction
 * each; the mail to customer service is queued with the inquiry (mails.ts).
 */
export function createBrokerageService(ctx: AppContext) {
  const { db } = ctx.database;

  const by = (viewer: CurrentUser) => ({ actor: { userId: viewer.id } });

  return {
    list: (query: TBikeBrokeragesQuery): Promise<TBikeBrokeragePage> => listBikes(db, query),

    details: (id: string): Promise<TBikeBrokerageDetails> => bikeDetails(db, id, new Date()),

    async create(viewer: CurrentUser, input: TCreateBikeBrokerage): Promise<TBikeBrokerageSaved> {
      const id = await write(db, by(viewer), (change) => addBrokerageBike(change, input));
      return { message: BIKE_BROKERAGE_CREATED, bikeBrokerage: await findBike(db, id) };
    },

    async update(viewer: CurrentUser, id: string, input: TUpdateBikeBrokerage): Promise<TBikeBrokerageSaved> {
      await write(db, by(viewer), (change) => changeBrokerageBike(change, id, input));
      return { message: BIKE_BROKERAGE_UPDATED, bikeBrokerage: await findBike(db, id) };
    },

    async remove(viewer: CurrentUser, id: string): Promise<{ message: string }> {
      await write(db, by(viewer), (change) => removeBrokerageBike(change, id));
      return { message: BIKE_BROKERAGE_DELETED };
    },

    async setHandled(viewer: CurrentUser, inquiryId: string, handled: boolean): Promise<TBrokerageInquiry> {
      await write(db, by(viewer), (change) => setInquiryHandled(change, inquiryId, handled));
      return findInquiry(db, inquiryId);
    },

    listed: (query: TListedBikesQuery): Promise<TListedBikePage> => listedBikes(db, query),

    async inquire(
      viewer: CurrentUser,
      bikeId: string,
      input: TBrokerageInquiryInput,
    ): Promise<{ message: string }> {
      const asker = { userId: viewer.id, helpdesk: viewer.permissions.includes("brokerage.manage") };
      await write(db, { actor: asker }, (change) => recordInquiry(change, bikeId, input));
      return { message: BIKE_BROKERAGE_INQUIRY_RECEIVED };
    },
  };
}
