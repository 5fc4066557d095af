import { BrokerageDetail } from "./brokerage-detail.tsx";
import { BrokerageList } from "./brokerage-list.tsx";

/** The bike brokerage's bikes and inquiries in Hakemukset: the list, and one bike's page when `id` is given. */
export function BrokerageView({ id }: { id: string | null }) {
  return id ? <BrokerageDetail id={id} /> : <BrokerageList />;
}
