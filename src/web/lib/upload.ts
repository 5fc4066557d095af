import {
  type EndpointDef,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  endpointUrl,
  type UploadInput,
} from "../../contract/endpoint.ts";
import { apiFetch, type ResponseSchema } from "./api-client.ts";

/**
 * Sends a file the user picked to the upload endpoint the contract describes (`body: "file"`): the
 * file's bytes as the raw body, always as application/octet-stream (the server tells PDF from image by
 * the bytes, and refuses anything else with 400 FILE_TYPE_NOT_ALLOWED, so a file the browser types oddly
 * gets that answer and not a 415), and its name in the query under `fileName` next to the endpoint's
 * own parameters. The answer is checked against the endpoint's response schema.
 */
export function uploadFile<const E extends EndpointDef & { body: "file" }>(
  definition: E,
  input: UploadInput<E>,
  file: File,
): Promise<EndpointResponse<E>> {
  const { params, query } = input as { params?: unknown; query?: Record<string, unknown> };
  return apiFetch(endpointUrl(definition, { params, query: { ...query, fileName: file.name || "liite" } }), {
    method: definition.method,
    body: file,
    headers: { "content-type": "application/octet-stream" },
    schema: definition.response as ResponseSchema<EndpointResponse<E>>,
  });
}

/**
 * Sends a form with a file (multipart) to the endpoint the contract describes: its address built from
 * the endpoint, the answer checked against its response schema, as callEndpoint does for a JSON body.
 */
export function uploadForm<const E extends EndpointDef>(
  definition: E,
  input: { params?: EndpointParams<E>; query?: EndpointQuery<E> },
  form: FormData,
): Promise<EndpointResponse<E>> {
  return apiFetch(endpointUrl(definition, input), {
    method: definition.method,
    body: form,
    schema: definition.response as ResponseSchema<EndpointResponse<E>>,
  });
}
