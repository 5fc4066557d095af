import { insuranceClaimPairs } from "./insurance-claim-pairs.ts";
import { racePairs } from "./suite.ts";

racePairs("an insurance claim: the employee and the helpdesk's agents at once", insuranceClaimPairs);
