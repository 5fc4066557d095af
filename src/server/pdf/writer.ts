import { degrees, type PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";

/**
 * Writing our documents with pdf-lib's standard fonts (the leasing agreement, the redemption offer):
 * text the fonts can draw, and a writer that draws lines top-down on A4, wrapping long text and
 * starting a new page when one is full. It draws only what it is given, so a document renders to the
 * same bytes from the same input.
 */

/** WinAnsi's characters beyond Latin-1 (the standard fonts' encoding); anything else becomes "?". */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/** Text the standard fonts can draw: one line, WinAnsi characters only. */
export function pdfSafeText(value: string): string {
  let out = "";
  for (const ch of value.replace(/[\r\n\t]+/g, " ")) {
    const code = ch.codePointAt(0) ?? 0;
    const latin1 = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
    out += latin1 || WIN_ANSI_EXTRA.has(ch) ? ch : "?";
  }
  return out;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 } as const;
export const GREY = rgb(0.4, 0.4, 0.4);

/** Draws lines top-down, wrapping long text and starting a new page when one is full. */
export class PdfWriter {
  private page: PDFPage;
  private y: number;

  /** `watermark`: a word drawn faintly across every page (a draft's "LUONNOS"). */
  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly watermark: string | null = null,
  ) {
    this.page = this.newPage();
    this.y = PAGE.height - PAGE.margin;
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage([PAGE.width, PAGE.height]);
    if (this.watermark) {
      page.drawText(this.watermark, {
        x: 140,
        y: 380,
        size: 96,
        font: this.bold,
        color: rgb(0.85, 0.85, 0.85),
        rotate: degrees(35),
      });
    }
    return page;
  }

  private ensure(height: number) {
    if (this.y - height < PAGE.margin) {
      this.page = this.newPage();
      this.y = PAGE.height - PAGE.margin;
    }
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const words = pdfSafeText(text).split(" ");
    const lines: string[] = [];
    let line = "";
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines.length > 0 ? lines : [""];
  }

  text(text: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    for (const line of this.wrap(text, font, size, PAGE.width - 2 * PAGE.margin)) {
      this.ensure(size + 4);
      this.page.drawText(line, {
        x: PAGE.margin,
        y: this.y - size,
        size,
        font,
        ...(options.color ? { color: options.color } : {}),
      });
      this.y -= size + 4;
    }
  }

  /** A label on the left and its value right-aligned. */
  row(label: string, value: string, bold = false) {
    const size = 10;
    const font = bold ? this.bold : this.regular;
    const safeValue = pdfSafeText(value);
    const valueWidth = font.widthOfTextAtSize(safeValue, size);
    const labelLines = this.wrap(label, font, size, PAGE.width - 2 * PAGE.margin - valueWidth - 20);
    labelLines.forEach((line, i) => {
      this.ensure(size + 4);
      this.page.drawText(line, { x: PAGE.margin, y: this.y - size, size, font });
      if (i === 0) {
        this.page.drawText(safeValue, {
          x: PAGE.width - PAGE.margin - valueWidth,
          y: this.y - size,
          size,
          font,
        });
      }
      this.y -= size + 4;
    });
  }

  gap(points = 8) {
    this.y -= points;
  }

  rule() {
    this.ensure(6);
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y - 2 },
      end: { x: PAGE.width - PAGE.margin, y: this.y - 2 },
      thickness: 0.5,
      color: GREY,
    });
    this.y -= 8;
  }
}
