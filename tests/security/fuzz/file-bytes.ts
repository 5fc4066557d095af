import fc from "fast-check";
import { justOverLimit, SAMPLE_PNG } from "../../helpers/sample-files.ts";

/**
 * The bytes the fuzz sends to upload operations (their body is the file itself, not JSON). Valid-shaped
 * files start like one of the allowed types, so most reach past the sniffing to the handler: a document
 * or a photo, or a municipal rate list (a CSV's header and a row, an XLSX's ZIP start); the rest are
 * plain random bytes. Sizes run from nothing to a few KB: over-large files are a mutation of their own
 * (`oversized-file`), sent rarely.
 */

/** The largest valid-shaped file: big enough for a real header and some content, small enough to be quick. */
export const MAX_FUZZ_FILE_BYTES = 4096;

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));

/** Starts of real files of each allowed type; random bytes follow them. */
const FILE_SIGNATURES: readonly Uint8Array[] = [
  latin1("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n"),
  latin1("\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"),
  new Uint8Array(SAMPLE_PNG),
  latin1("RIFF\x24\x00\x00\x00WEBPVP8 \x18\x00\x00\x00"),
];

/** Starts of the tax tables' municipal rate lists: the Tax Administration's CSV, the repository's, an XLSX. */
const RATE_LIST_STARTS: readonly Uint8Array[] = [
  new Uint8Array(
    Buffer.from(
      "Kunta;Tuloveroprosentti;Evankelis-luterilaisen seurakunnan tuloveroprosentti;Ortodoksisen seurakunnan tuloveroprosentti\r\nHelsinki;5,30;1,00;1,80\r\n",
    ),
  ),
  new Uint8Array(
    Buffer.from(
      "municipality_code,municipality,municipality_sv,municipal_rate_percent,evangelical_lutheran_percent,orthodox_percent,aland\n091,Helsinki,Helsingfors,5.30,1.00,1.80,false\n",
    ),
  ),
  latin1("PK\x03\x04\x14\x00\x06\x00\x08\x00"),
];

/**
 * Valid-shaped upload bodies: an allowed type's signature or a rate list's start, then random bytes; or
 * random bytes alone.
 */
export function fileBytesArbitrary(): fc.Arbitrary<Uint8Array> {
  const bytes = fc.uint8Array({ maxLength: MAX_FUZZ_FILE_BYTES, size: "max" });
  const startingWith = (starts: readonly Uint8Array[]) =>
    fc
      .tuple(fc.constantFrom(...starts), bytes)
      .map(([head, rest]) => new Uint8Array(Buffer.concat([head, rest]).subarray(0, MAX_FUZZ_FILE_BYTES)));
  return fc.oneof(
    { weight: 3, arbitrary: startingWith(FILE_SIGNATURES) },
    { weight: 1, arbitrary: startingWith(RATE_LIST_STARTS) },
    { weight: 1, arbitrary: bytes },
  );
}

let oversized: Buffer | undefined;

/**
 * One byte over the upload limit, starting like a PDF so only its size is wrong. Made once and shared:
 * each request that sends it would otherwise cost 10 MB.
 */
export function oversizedFile(): Buffer {
  oversized ??= justOverLimit();
  return oversized;
}
