import { PassThrough, type Readable } from "node:stream";
import { ZipFile } from "yazl";
import type { Db } from "../../db/client.ts";
import type { FileStore } from "../../files/file-store.ts";
import type { ArchivedFile } from "./sections-events.ts";

export type ArchiveEntries = {
  json: string;
  summary: string;
  files: readonly ArchivedFile[];
  mtime: Date;
};

/**
 * The person's ZIP as a stream: tiedot.json and yhteenveto.txt first, then each document, opened from
 * the FileStore only when the archive reaches it, so neither the archive nor more than one file's
 * stream is held at once. A file that cannot be read ends the download with an error (the browser
 * shows it failed) rather than leaving it out unsaid; `onError` logs why.
 */
export function personalDataArchive(
  db: Db,
  store: FileStore,
  entries: ArchiveEntries,
  onError: (error: unknown) => void,
): Readable {
  const zip = new ZipFile();
  const out = new PassThrough();
  const fail = (error: unknown) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on("error", fail);
  zip.outputStream.on("error", fail).pipe(out);
  const options = { mtime: entries.mtime };
  zip.addBuffer(Buffer.from(entries.json, "utf8"), "tiedot.json", options);
  zip.addBuffer(Buffer.from(entries.summary, "utf8"), "yhteenveto.txt", options);
  for (const file of entries.files) {
    zip.addReadStreamLazy(file.path, options, (done) => {
      // yazl reads no stream from a callback given an error: it stops with the error.
      const refuse = (error: unknown) => done(error, undefined as unknown as Readable);
      store
        .open(db, file.fileId)
        .then(
          (opened) =>
            opened ? done(null, opened.content) : refuse(new Error(`file ${file.fileId} has no bytes`)),
          refuse,
        );
    });
  }
  zip.end();
  return out;
}
