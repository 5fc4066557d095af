import { AppError, conflict } from "../../errors.ts";

/** The bike brokerage's errors, one factory each, with the message the helpdesk or the asker reads. */

/** 409: the bike is sold, withdrawn or (to the helpdesk) not listed: nobody can ask to buy it. */
export const brokerageNotAvailable = () =>
  new AppError(409, "BROKERAGE_NOT_AVAILABLE", "The bike is not for sale");

/** 409: people have asked about the bike; it is withdrawn instead of deleted, so their asking stays. */
export const brokerageInUse = (inquiries: number) =>
  conflict("BROKERAGE_IN_USE", `${inquiries} inquiries name the bike; withdraw it instead`);

/** 409: only a delivered bike, its order in leasing, can be sold on. */
export const orderNotBrokerable = () =>
  conflict("CONFLICT", "Only the bike of an order in leasing can be brokered");

/** 409: a bike is sold once: the order's bike is already for sale or sold. */
export const bikeAlreadyBrokered = () => conflict("CONFLICT", "The order's bike is already in the brokerage");

/** 409: the bike's status cannot move so (src/domain/brokerage.ts canMoveBrokerage). */
export const brokerageMoveNotAllowed = (from: string, to: string) =>
  conflict("CONFLICT", `A ${from.toLowerCase()} bike cannot become ${to.toLowerCase()}`);

/** 409: a sold or withdrawn bike is not shown on the brokerage page. */
export const onlyForSaleListed = () =>
  conflict("CONFLICT", "Only a bike for sale can be shown on the brokerage page");

/** 409: the user's open inquiry about the bike waits for customer service's answer. */
export const alreadyAsked = () =>
  conflict("CONFLICT", "You have already asked about this bike; customer service will answer");
