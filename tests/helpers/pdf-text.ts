import { inflateSync } from "node:zlib";

/**
 * The text our PDFs draw (pdf-lib with its standard fonts), in drawing order: each content stream
 * inflated, each hex string shown by Tj read as WinAnsi (Latin-1 for the letters we write, and the
 * euro sign, dashes, quotes and ellipsis WinAnsi keeps where Latin-1 has control codes, so "1 234,56 €"
 * and "€1,234.56" read as written). Enough for a test to check what a document says; not a general
 * PDF reader.
 */

const WIN_ANSI_EXTRAS: Record<number, string> = {
  128: "€",
  133: "…",
  145: "‘",
  146: "’",
  147: "“",
  148: "”",
  149: "•",
  150: "–",
  151: "—",
};

function winAnsi(hex: string): string {
  return Array.from(
    Buffer.from(hex, "hex"),
    (byte) => WIN_ANSI_EXTRAS[byte] ?? String.fromCharCode(byte),
  ).join("");
}
export function pdfTextOf(pdf: Uint8Array): string[] {
  const bytes = Buffer.from(pdf);
  const lines: string[] = [];
  let from = 0;
  for (;;) {
    const start = bytes.indexOf("stream", from, "latin1");
    if (start < 0) break;
    const bodyStart = start + (bytes[start + 6] === 0x0d ? 8 : 7);
    const end = bytes.indexOf("endstream", bodyStart, "latin1");
    if (end < 0) break;
    from = end + 9;
    let content: string;
    try {
      content = inflateSync(bytes.subarray(bodyStart, end)).toString("latin1");
    } catch {
      continue;
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      lines.push(winAnsi(match[1] ?? ""));
    }
  }
  return lines;
}
