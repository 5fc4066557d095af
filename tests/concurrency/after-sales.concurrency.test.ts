import { brokeragePairs, redemptionPairs } from "./after-sales-pairs.ts";
import { racePairs } from "./suite.ts";

racePairs("a redemption case: its payment and its choice at once", redemptionPairs);
racePairs("a bike in the brokerage: who asks and the helpdesk at once", brokeragePairs);
