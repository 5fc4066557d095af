import { useMutation, useQueryClient } from "@tanstack/react-query";
import { accountApi, type TOwnMunicipalityUpdate } from "../../contract/account.ts";
import { calculatorApi } from "../../contract/calculator.ts";
import type { Church } from "../../domain/tax/tax-year.ts";
import { callEndpoint, endpointKey } from "./endpoint-client.ts";
import { SESSION_QUERY_KEY, useSession } from "./session.ts";

/**
 * The municipality of residence and church remembered on a person's own details (PUT
 * /api/user/municipality): the session user carries them, so /laskuri, /kayttaja and /mybike read them
 * without a call of their own, and a save anywhere shows everywhere at once.
 */

export type OwnMunicipality = { municipalityCode: string | null; church: Church | null };

/** What the logged-in person has remembered; null for an anonymous visitor. */
export function useOwnMunicipality(): OwnMunicipality | null {
  const { user } = useSession();
  return user ? { municipalityCode: user.municipalityCode, church: user.church } : null;
}

/** Saves the choice; the fresh session user (and the employee's own terms) carry it from then on. */
export function useRememberMunicipality({ silent = false }: { silent?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOwnMunicipalityUpdate) => callEndpoint(accountApi.updateOwnMunicipality, { body }),
    meta: { silent },
    onSuccess: async (user) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      await queryClient.invalidateQueries({ queryKey: endpointKey(calculatorApi.myTerms) });
    },
  });
}
