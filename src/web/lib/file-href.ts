import { type EndpointDef, type EndpointInput, endpointUrl } from "../../contract/endpoint.ts";

/**
 * The address of a file the contract describes (`answer: "file"`): a PDF, an e-invoice, a spreadsheet
 * the browser opens or saves by a link, with the session's cookies. Built from the endpoint and its
 * parameters, so a renamed path or parameter is a type error here as in every other call.
 */
export function fileHref<const E extends EndpointDef & { answer: "file" }>(
  definition: E,
  input: EndpointInput<E>,
): string {
  const { params, query } = input as { params?: unknown; query?: unknown };
  return endpointUrl(definition, { params, query });
}
