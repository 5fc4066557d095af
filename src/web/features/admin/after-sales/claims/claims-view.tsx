import { ClaimDetail } from "./claim-detail.tsx";
import { ClaimsList } from "./claims-list.tsx";

/** Insurance claims in Hakemukset: the list, and one claim's page when `id` is given. */
export function ClaimsView({ id }: { id: string | null }) {
  return id ? <ClaimDetail id={id} /> : <ClaimsList />;
}
