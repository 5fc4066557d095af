/**
 * What an uploaded file may be (docs/architecture.md "Files"; ADR 009): refund receipts, redemption
 * offers and insurance claims' photos and documents. A PDF or an image, told by the first bytes of the
 * content (never by the name or the request's header), at most 10 MB, under a clean file name whose
 * extension says what the content is.
 */

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The longest file name kept, extension included. */
export const MAX_FILE_NAME_LENGTH = 120;

export const UPLOAD_MIME_TYPES = [
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
] as const;
export type UploadMimeType = (typeof UPLOAD_MIME_TYPES)[number];

/**
 * A file picker's `accept`: the types, and HEIC's extensions for the systems that do not type a
 * phone's photo as image/heic.
 */
export const UPLOAD_ACCEPT = [...UPLOAD_MIME_TYPES, ".heic", ".heif"].join(",");

const EXTENSION_OF: Record<UploadMimeType, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/heic": "heic",
};

/** Extensions a name may already carry for each type (kept as the user wrote them, in lower case). */
const KNOWN_EXTENSIONS: Record<UploadMimeType, readonly string[]> = {
  "application/pdf": ["pdf"],
  "image/jpeg": ["jpg", "jpeg"],
  "image/png": ["png"],
  "image/webp": ["webp"],
  "image/heic": ["heic", "heif"],
};

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The brands of an ISO media file's `ftyp` box that phones write for HEIC/HEIF photos (an iPhone's
 * camera saves HEIC by default).
 */
const HEIF_BRANDS = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"];

/**
 * The type of the content by its signature, or null when it is none we take: "%PDF-" at the very start
 * (a PDF reader would also accept junk before it, which is how polyglot files hide), the JPEG start of
 * image marker, PNG's eight-byte signature, a RIFF container of WEBP, or an ISO media file whose
 * `ftyp` box names a HEIF brand.
 */
export function sniffUploadType(bytes: Uint8Array): UploadMimeType | null {
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(bytes, ascii("ftyp"), 4) && HEIF_BRANDS.some((brand) => startsWith(bytes, ascii(brand), 8)))
    return "image/heic";
  return null;
}

// Control characters, the characters Windows forbids in names, the Unicode bidi overrides that
// make "kuitti‮fdp.exe" read as "kuittiexe.pdf", and the invisible ones (zero-width spaces and joiners,
// the word joiner, a byte order mark) that make two names look the same.
const UNSAFE_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  /[\u0000-\u001f\u007f-\u009f<>:"/\\|?*\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

/**
 * A file name safe to store and to send back in a Content-Disposition header: the last path segment
 * only, without control, reserved or direction-changing characters, spaces collapsed, no leading dots,
 * at most MAX_FILE_NAME_LENGTH characters, and ending in the extension of the sniffed type (a name
 * that says otherwise gets it appended: "kuitti.exe" holding a PDF is stored as "kuitti.exe.pdf").
 * An empty result is named after the type ("liite.pdf").
 */
export function cleanFileName(name: string, type: UploadMimeType): string {
  const lastSegment = name.split(/[\\/]/).pop() ?? "";
  let base = lastSegment
    .normalize("NFC")
    .replace(UNSAFE_CHARACTERS, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[.\s]+/, "")
    .replace(/[.\s]+$/, "");
  const dot = base.lastIndexOf(".");
  const extension = dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
  let wanted = EXTENSION_OF[type];
  if (KNOWN_EXTENSIONS[type].includes(extension)) {
    wanted = extension;
    base = base.slice(0, dot);
  }
  const room = MAX_FILE_NAME_LENGTH - wanted.length - 1;
  const stem = [...base].slice(0, room).join("").trim() || "liite";
  return `${stem}.${wanted}`;
}

type UploadRefusal = "FILE_EMPTY" | "FILE_TOO_LARGE" | "FILE_TYPE_NOT_ALLOWED";

export type UploadCheck =
  | { ok: true; mimeType: UploadMimeType; fileName: string }
  | { ok: false; code: UploadRefusal };

/** Whether an upload may be stored, and if so as what and under which name. */
export function checkUpload(bytes: Uint8Array, fileName: string): UploadCheck {
  if (bytes.length === 0) return { ok: false, code: "FILE_EMPTY" };
  if (bytes.length > MAX_UPLOAD_BYTES) return { ok: false, code: "FILE_TOO_LARGE" };
  const mimeType = sniffUploadType(bytes);
  if (!mimeType) return { ok: false, code: "FILE_TYPE_NOT_ALLOWED" };
  return { ok: true, mimeType, fileName: cleanFileName(fileName, mimeType) };
}

/**
 * An image every browser shows, so it can be a thumbnail and open in the browser; a PDF is opened or
 * downloaded, and a HEIC photo (which most browsers cannot show) is a download.
 */
export function isImageType(mimeType: string): boolean {
  return mimeType === "image/jpeg" || mimeType === "image/png" || mimeType === "image/webp";
}
