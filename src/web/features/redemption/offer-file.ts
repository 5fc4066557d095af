import { redemptionOffersApi } from "../../../contract/redemption-offers.ts";
import { fileHref } from "../../lib/file-href.ts";

/**
 * A redemption offer's document (a PDF or an image) is opened by its address, not read as a JSON call:
 * the helpdesk's case page, the employer's drawer and the employee's case link it alike.
 */
export const offerFileHref = (offerId: string): string =>
  fileHref(redemptionOffersApi.file, { params: { id: offerId } });
