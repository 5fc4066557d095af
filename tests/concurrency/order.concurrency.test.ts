import { orderPairs } from "./order-pairs.ts";
import { racePairs } from "./suite.ts";

racePairs("an order: its employee, employer, store and the helpdesk at once", orderPairs);
