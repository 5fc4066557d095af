import { RedemptionDetail } from "./redemption-detail.tsx";
import { RedemptionList } from "./redemption-list.tsx";

/** Bike redemptions and redemption cases, their offers and payments in Hakemukset: the list, and one object's page when `id` is given. */
export function RedemptionsView({ id }: { id: string | null }) {
  return id ? <RedemptionDetail id={id} /> : <RedemptionList />;
}
