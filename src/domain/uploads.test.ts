import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkUpload,
  cleanFileName,
  MAX_FILE_NAME_LENGTH,
  MAX_UPLOAD_BYTES,
  sniffUploadType,
  UPLOAD_MIME_TYPES,
} from "./uploads.ts";

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])));

const PDF = bytes("%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n");
const PNG = bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, "IHDR");
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, "JFIF", 0);
const WEBP = bytes("RIFF", 36, 0, 0, 0, "WEBPVP8 ");
const EXE = bytes("MZ", 0x90, 0, 3, 0, 0, 0, 4, 0);
const HEIC = bytes(0, 0, 0, 0x18, "ftypheic", 0, 0, 0, 0, "mif1heic");

describe("sniffUploadType", () => {
  it("tells a PDF, a PNG, a JPEG, a WebP and a phone's HEIC photo by their first bytes", () => {
    expect(sniffUploadType(PDF)).toBe("application/pdf");
    expect(sniffUploadType(PNG)).toBe("image/png");
    expect(sniffUploadType(JPEG)).toBe("image/jpeg");
    expect(sniffUploadType(WEBP)).toBe("image/webp");
    expect(sniffUploadType(HEIC)).toBe("image/heic");
    expect(sniffUploadType(bytes(0, 0, 0, 0x1c, "ftypmif1", 0, 0, 0, 0, "mif1heic"))).toBe("image/heic");
  });

  it("refuses an executable, HTML, SVG, a ZIP, a RIFF that is not WebP and a PDF signature not at the start", () => {
    for (const content of [
      EXE,
      bytes("<!DOCTYPE html><script>alert(1)</script>"),
      bytes("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"),
      bytes("PK", 3, 4, 20, 0),
      bytes("RIFF", 36, 0, 0, 0, "WAVEfmt "),
      // An MP4 video is an ISO media file too, of another brand.
      bytes(0, 0, 0, 0x18, "ftypmp42", 0, 0, 0, 0, "isommp42"),
      bytes(" %PDF-1.7"),
      bytes("GIF89a"),
      bytes("%PD"),
      new Uint8Array(),
    ]) {
      expect(sniffUploadType(content)).toBeNull();
    }
  });
});

describe("cleanFileName", () => {
  it("keeps a plain name and its matching extension (in lower case)", () => {
    expect(cleanFileName("kuitti-2026.PDF", "application/pdf")).toBe("kuitti-2026.pdf");
    expect(cleanFileName("Vahinko kuva.jpeg", "image/jpeg")).toBe("Vahinko kuva.jpeg");
    expect(cleanFileName("lukko.JPG", "image/jpeg")).toBe("lukko.jpg");
  });

  it("appends the content's extension to a name that claims another type", () => {
    expect(cleanFileName("kuitti.exe", "application/pdf")).toBe("kuitti.exe.pdf");
    expect(cleanFileName("photo.pdf", "image/png")).toBe("photo.pdf.png");
    expect(cleanFileName("tiedosto", "image/webp")).toBe("tiedosto.webp");
  });

  it("drops paths, control and reserved characters, bidi overrides, invisible characters and leading dots", () => {
    expect(cleanFileName("kui\u200btti\u200d\u2060\ufeff.pdf", "application/pdf")).toBe("kuitti.pdf");
    expect(cleanFileName("../../etc/passwd", "application/pdf")).toBe("passwd.pdf");
    expect(cleanFileName("C:\\Users\\x\\kuitti.pdf", "application/pdf")).toBe("kuitti.pdf");
    expect(cleanFileName('a\u0000b\r\nc<>:"|?*.pdf', "application/pdf")).toBe("abc.pdf");
    expect(cleanFileName("kuitti\u202efdp.exe", "application/pdf")).toBe("kuittifdp.exe.pdf");
    expect(cleanFileName(".htaccess", "application/pdf")).toBe("htaccess.pdf");
    expect(cleanFileName("   ", "application/pdf")).toBe("liite.pdf");
    expect(cleanFileName("", "image/png")).toBe("liite.png");
  });

  it("always gives a short, clean name ending in the type's extension (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 400 }),
        fc.constantFrom(...UPLOAD_MIME_TYPES),
        (n, t) => {
          const name = cleanFileName(n, t);
          expect([...name].length).toBeLessThanOrEqual(MAX_FILE_NAME_LENGTH);
          expect(name).toMatch(/\.(pdf|jpg|jpeg|png|webp|heic|heif)$/);
          // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting none are left
          expect(name).not.toMatch(/[\u0000-\u001f\u007f<>:"/\\|?*\u202e]/);
          expect(name.startsWith(".")).toBe(false);
          expect(cleanFileName(name, t)).toBe(name);
        },
      ),
    );
  });
});

describe("checkUpload", () => {
  it("takes a PDF or an image and names it by its content", () => {
    expect(checkUpload(PDF, "kuitti.pdf")).toEqual({
      ok: true,
      mimeType: "application/pdf",
      fileName: "kuitti.pdf",
    });
    expect(checkUpload(PNG, "kuva")).toEqual({ ok: true, mimeType: "image/png", fileName: "kuva.png" });
  });

  it("refuses an empty file, a renamed executable and a file over 10 MB", () => {
    expect(checkUpload(new Uint8Array(), "tyhja.pdf")).toEqual({ ok: false, code: "FILE_EMPTY" });
    expect(checkUpload(EXE, "kuitti.pdf")).toEqual({ ok: false, code: "FILE_TYPE_NOT_ALLOWED" });
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(PDF);
    expect(checkUpload(big, "iso.pdf")).toEqual({ ok: false, code: "FILE_TOO_LARGE" });
    const limit = new Uint8Array(MAX_UPLOAD_BYTES);
    limit.set(PDF);
    expect(checkUpload(limit, "raja.pdf").ok).toBe(true);
  });
});
