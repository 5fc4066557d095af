import { leaseInvoicePairs } from "./lease-invoice-pairs.ts";
import { racePairs } from "./suite.ts";

racePairs("the employers' lease invoices: the daily billing job twice at once", leaseInvoicePairs);
