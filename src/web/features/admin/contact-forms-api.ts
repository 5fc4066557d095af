import type { QueryClient } from "@tanstack/react-query";
import { contactFormsApi } from "../../../contract/contact-forms.ts";
import { endpointKey } from "../../lib/endpoint-client.ts";
import { refreshQueries } from "../../lib/query-client.ts";

/** After a message is marked checked or not: the list and the tab's unchecked count. */
export function refreshContactForms(queryClient: QueryClient) {
  return refreshQueries(queryClient, [
    endpointKey(contactFormsApi.list),
    endpointKey(contactFormsApi.uncheckedCount),
  ]);
}
