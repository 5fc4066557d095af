import { decisionPairs, helpdeskMovePairs } from "./order-decision-pairs.ts";
import { orderPairs } from "./order-pairs.ts";
import { racePairs } from "./suite.ts";

racePairs("an order: its employee, employer, store and the helpdesk at once", orderPairs);
racePairs("an order waiting for its employer: the deciders and the cancellations at once", decisionPairs);
racePairs("an order moved by the helpdesk: its agents and the employee at once", helpdeskMovePairs);
