import { MAX_RATE_LIST_BYTES } from "../../../contract/municipal-rate-import.ts";
import type { RateListRecord } from "../../../domain/tax/municipal-rates/rate-list-file.ts";
import { readSpreadsheet } from "../../files/spreadsheet.ts";
import type { UploadBodies } from "../../files/uploads.ts";

/**
 * A municipal rate list's file as the helpdesk uploads it (a CSV or an XLSX workbook, told by its
 * bytes: files/spreadsheet.ts), read into rows of cells.
 */

/** The bodies the import's routes read: any type a browser may give a CSV or XLSX, up to 1 MB. */
export const RATE_LIST_BODIES: UploadBodies = {
  contentTypes: [
    "application/octet-stream",
    "text/csv",
    "text/plain",
    "application/vnd.ms-excel",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ],
  maxBytes: MAX_RATE_LIST_BYTES,
};

/** The file's rows of cells, the header first, numbered as the file shows them. */
export function rateListRecords(body: Buffer): Promise<RateListRecord[]> {
  // 308 rows are well under 1 MB unpacked.
  return readSpreadsheet(body, { maxUnpackedBytes: 20 * 1024 * 1024 });
}
