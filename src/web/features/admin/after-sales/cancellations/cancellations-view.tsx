import { CancellationDetail } from "./cancellation-detail.tsx";
import { CancellationList } from "./cancellation-list.tsx";

/** Order cancellations and their refunds in Hakemukset: the list, and one object's page when `id` is given. */
export function CancellationsView({ id }: { id: string | null }) {
  return id ? <CancellationDetail id={id} /> : <CancellationList />;
}
