import { inflateRawSync } from "node:zlib";

/**
 * Whether a ZIP file (an XLSX workbook is one) unpacks to at most `maxBytes`, proven by unpacking each
 * entry with a ceiling rather than by trusting the sizes it declares: a 1 MB "zip bomb" can declare
 * small entries and unpack to gigabytes, and the spreadsheet reader would hold them all in memory.
 * Only what an XLSX uses is taken: stored or deflated entries, no ZIP64, no encryption. Nothing is kept
 * of what is unpacked.
 */

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** An XLSX holds a dozen entries or so; a ZIP of thousands is not a workbook to read. */
const MAX_ENTRIES = 1000;

export type ZipCheck = { ok: true } | { ok: false; reason: string };

function endOfDirectory(zip: Buffer): number {
  // The record is 22 bytes and followed by a comment of up to 65,535 bytes.
  const earliest = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= earliest; at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  return -1;
}

export function checkZipExpansion(zip: Buffer, maxBytes: number): ZipCheck {
  if (zip.length < 22) return { ok: false, reason: "not a ZIP file" };
  const end = endOfDirectory(zip);
  if (end < 0) return { ok: false, reason: "no ZIP directory" };
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (entries > MAX_ENTRIES) return { ok: false, reason: `more than ${MAX_ENTRIES} entries` };
  let remaining = maxBytes;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) {
      return { ok: false, reason: "a broken ZIP directory" };
    }
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const local = zip.readUInt32LE(at + 42);
    const next = at + 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (flags & 0x1) return { ok: false, reason: "an encrypted entry" };
    if (compressed === 0xffffffff || local === 0xffffffff) return { ok: false, reason: "a ZIP64 entry" };
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_HEADER) {
      return { ok: false, reason: "a broken ZIP entry" };
    }
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + compressed > zip.length) return { ok: false, reason: "a ZIP entry past the file's end" };
    const data = zip.subarray(start, start + compressed);
    let size: number;
    if (method === 0) size = data.length;
    else if (method === 8) {
      try {
        // One byte over the rest of the allowance is enough to know it is exceeded.
        size = inflateRawSync(data, { maxOutputLength: remaining + 1 }).length;
      } catch {
        return { ok: false, reason: "an entry that does not unpack within the limit" };
      }
    } else return { ok: false, reason: `compression method ${method}` };
    remaining -= size;
    if (remaining < 0) return { ok: false, reason: `unpacks to more than ${maxBytes} bytes` };
    at = next;
  }
  return { ok: true };
}
