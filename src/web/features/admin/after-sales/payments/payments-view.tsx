import { PaymentDetail } from "./payment-detail.tsx";
import { PaymentsList } from "./payments-list.tsx";

/** User payments in Hakemukset: the list, and one payment's page when `id` is given. */
export function UserPaymentsView({ id }: { id: string | null }) {
  return id ? <PaymentDetail id={id} /> : <PaymentsList />;
}
