import { storeAccountPairs } from "./store-account-pairs.ts";
import { racePairs } from "./suite.ts";

racePairs(
  "an order of a store's own account: the store, the employee and the helpdesk at once",
  storeAccountPairs,
);
