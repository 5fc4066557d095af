import { PDFDocument, StandardFonts } from "pdf-lib";
import { MAX_UPLOAD_BYTES } from "../../src/domain/uploads.ts";

/**
 * Files for upload tests: a real PDF (made with pdf-lib, as a scanner or a bank's
 * receipt would be), a real 1×1 PNG, a Windows executable renamed to .pdf, and an 11 MB file that
 * starts like a PDF, so only its size is wrong.
 */

/** A one-page PDF with a line of text: what a refund receipt or a repair estimate looks like. */
export async function realPdf(text = "Hyvityskuitti 125,50 €"): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date("2026-01-01T00:00:00Z"));
  doc.setModificationDate(new Date("2026-01-01T00:00:00Z"));
  const page = doc.addPage([595, 842]);
  page.drawText(text.replace("€", "EUR"), {
    x: 50,
    y: 780,
    size: 14,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await doc.save());
}

/** A valid 1×1 PNG (a photo of the damage, as far as the server can tell). */
export const SAMPLE_PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a10000000049454e44ae426082",
  "hex",
);

/**
 * The start of a HEIC photo as an iPhone's camera saves it: an ISO media file whose `ftyp` box names
 * the heic brand, then the rest of the file (stored as it is, never decoded).
 */
export const SAMPLE_HEIC = Buffer.concat([
  Buffer.from([0x00, 0x00, 0x00, 0x18]),
  Buffer.from("ftypheic", "latin1"),
  Buffer.from([0x00, 0x00, 0x00, 0x00]),
  Buffer.from("mif1heic", "latin1"),
  Buffer.from([0x00, 0x00, 0x00, 0x24]),
  Buffer.from("meta", "latin1"),
  Buffer.alloc(512, 0x5a),
]);

/** The start of a Windows executable (MZ header), as someone would rename setup.exe to kuitti.pdf. */
export const RENAMED_EXE = Buffer.concat([
  Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00", "latin1"),
  Buffer.alloc(256),
]);

/** 11 MB that begins with a PDF's signature: refused for its size alone. */
export function elevenMegabytes(): Buffer {
  const big = Buffer.alloc(11 * 1024 * 1024);
  big.write("%PDF-1.4\n", "latin1");
  return big;
}

/** One byte over the limit. */
export function justOverLimit(): Buffer {
  const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
  big.write("%PDF-1.4\n", "latin1");
  return big;
}
