import { MAX_CLAIM_FILES } from "../../../../domain/insurance-claims.ts";
import { MAX_UPLOAD_BYTES, sniffUploadType, UPLOAD_ACCEPT } from "../../../../domain/uploads.ts";

/**
 * The browser's check of a claim's photos before they are sent: the same rule as the
 * server's (src/domain/uploads.ts), by the file's first bytes and its size, so a wrong file is named at
 * the field at once instead of after an upload. The server checks again and has the last word.
 */

type FileRefusal = "FILE_EMPTY" | "FILE_TOO_LARGE" | "FILE_TYPE_NOT_ALLOWED";

/** What the file picker offers (the server decides by the content). */
export const CLAIM_FILE_ACCEPT = UPLOAD_ACCEPT;

/** Why the file cannot be sent, or null when it may. */
async function checkClaimFile(file: Blob): Promise<FileRefusal | null> {
  if (file.size === 0) return "FILE_EMPTY";
  if (file.size > MAX_UPLOAD_BYTES) return "FILE_TOO_LARGE";
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return sniffUploadType(head) ? null : "FILE_TYPE_NOT_ALLOWED";
}

export type FileProblem = { name: string; code: FileRefusal | "TOO_MANY" };

/** The problems of a selection: each refused file by name, and too many files for the claim. */
export async function checkClaimFiles(files: readonly File[], alreadyHeld = 0): Promise<FileProblem[]> {
  const refusals = await Promise.all(files.map(checkClaimFile));
  const problems: FileProblem[] = files.flatMap((file, i) => {
    const code = refusals[i];
    return code ? [{ name: file.name, code }] : [];
  });
  if (alreadyHeld + files.length > MAX_CLAIM_FILES) problems.push({ name: "", code: "TOO_MANY" });
  return problems;
}
