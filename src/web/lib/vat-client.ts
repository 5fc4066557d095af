import { ApiError, apiFetch } from "./api-client.ts";

/** SPEC §8's texts for the VAT calls: a broken answer, and a failure the server gave no words for. */
export const INVALID_VAT_MESSAGE = "Invalid VAT data structure";
export const VAT_FETCH_FAILED_MESSAGE = "Failed to fetch VAT rate";

/**
 * GET /api/companies/{id}/vat: the VAT percent a company's orders use (its own, else its country's).
 * SPEC §7/§8: the answer must carry a numeric `value`, else 'Invalid VAT data structure'; a failure says
 * the server's message when it gave one, else 'Failed to fetch VAT rate'.
 */
export async function fetchCompanyVat(companyId: string): Promise<number> {
  let body: unknown;
  try {
    body = await apiFetch<unknown>(`/api/companies/${encodeURIComponent(companyId)}/vat`);
  } catch (error) {
    if (error instanceof ApiError && error.bodyReadable && error.message) throw error;
    throw new Error(VAT_FETCH_FAILED_MESSAGE);
  }
  const value = typeof body === "object" && body !== null ? (body as { value?: unknown }).value : undefined;
  if (typeof value !== "number" || !Number.isFinite(value)) throw new Error(INVALID_VAT_MESSAGE);
  return value;
}
