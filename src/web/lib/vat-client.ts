import { vatApi } from "../../contract/vat.ts";
import { ApiError } from "./api-client.ts";
import { callEndpoint } from "./endpoint-client.ts";

/** the texts of docs/product.md "Errors" for the VAT calls: a broken answer, and a failure the server gave no words for. */
export const INVALID_VAT_MESSAGE = "Invalid VAT data structure";
export const VAT_FETCH_FAILED_MESSAGE = "Failed to fetch VAT rate";

/**
 * GET /api/companies/{id}/vat: the VAT percent a company's orders use (its own, else its country's).
 * docs/api-surface.md/docs/product.md "Errors": the answer must carry a numeric `value`, else 'Invalid VAT data structure'; a failure says
 * the server's message when it gave one, else 'Failed to fetch VAT rate'.
 */
export async function fetchCompanyVat(companyId: string): Promise<number> {
  try {
    const { value } = await callEndpoint(vatApi.company, { params: { companyId } });
    return value;
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.bodyReadable && error.message) throw error;
      throw new Error(VAT_FETCH_FAILED_MESSAGE);
    }
    // The answer came but is not the contract's (no numeric value).
    throw new Error(INVALID_VAT_MESSAGE);
  }
}
