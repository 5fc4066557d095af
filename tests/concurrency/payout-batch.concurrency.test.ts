import { payoutPairs } from "./payout-pairs.ts";
import { racePairs } from "./suite.ts";

racePairs("a payout batch: its maker, its approver and a cancellation at once", payoutPairs);
