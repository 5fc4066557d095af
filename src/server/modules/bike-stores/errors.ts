import { conflict } from "../../errors.ts";

/** The errors of the bike stores admin (docs/api-surface.md "Bike stores"). */

/** 409: orders name the store, so it stays (deactivated) for their history. */
export const bikeStoreInUse = (orders: number) =>
  conflict("BIKE_STORE_IN_USE", `${orders} orders name the bike store; deactivate it instead`);
