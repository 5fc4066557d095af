// What other features may use of this one: a feature imports another only through its index.
export {
  orderHandoverQuery,
  orderProtocolHref,
  type TOrderHandover,
  useOrderHandover,
} from "./handover-api.ts";
export { HandoverRecord } from "./handover-record.tsx";
export { OrderHandoverSection } from "./order-handover-section.tsx";
export { StoreHandoverStep } from "./store-handover-step.tsx";
