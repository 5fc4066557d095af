import { connect } from "node:net";

/**
 * The virus scan of uploads (CLAMAV_HOST): every receipt, offer and claim photo is sent to a ClamAV
 * daemon before it is stored. It speaks clamd's INSTREAM command over TCP itself: a connection per
 * scan, "zINSTREAM\0", the file in chunks each led by its length (4 bytes, big-endian), a chunk of
 * length 0 to end, and one reply: "stream: OK" or "stream: <signature> FOUND".
 *
 * A scan that cannot be had (no connection, no answer in time, an error from clamd) throws: the upload
 * then answers 503 and is not stored. A file is clean only when clamd said so.
 */

export type ScanVerdict = { infected: false } | { infected: true; signature: string };

export interface VirusScanner {
  scan(content: Buffer): Promise<ScanVerdict>;
}

/** How long a whole scan may take, connecting included, before the upload is told to try again. */
const SCAN_TIMEOUT_MS = 10_000;
/** clamd reads a stream in chunks; 64 KiB keeps each well under its limits. */
const CHUNK_BYTES = 64 * 1024;

/** The scanner of the configured daemon, or null when none is configured (uploads are not scanned). */
export function createVirusScanner(
  clamav: { host: string; port: number } | null,
  timeoutMs = SCAN_TIMEOUT_MS,
): VirusScanner | null {
  if (!clamav) return null;
  return { scan: (content) => scanWithClamd(clamav.host, clamav.port, content, timeoutMs) };
}

function unavailable(reason: string, cause?: unknown): Error {
  return new Error(`The virus scan is unavailable: ${reason}`, cause === undefined ? {} : { cause });
}

function scanWithClamd(host: string, port: number, content: Buffer, timeoutMs: number): Promise<ScanVerdict> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const replies: Buffer[] = [];
    let failure: Error | null = null;
    // The deadline covers the whole scan: a daemon that accepts and then says nothing fails too.
    const timer = setTimeout(() => {
      failure = unavailable(`no answer from ClamAV at ${host}:${port} within ${timeoutMs} ms`);
      socket.destroy();
    }, timeoutMs);

    socket.on("connect", () => {
      socket.write("zINSTREAM\0");
      for (let at = 0; at < content.length; at += CHUNK_BYTES) {
        const chunk = content.subarray(at, at + CHUNK_BYTES);
        const length = Buffer.alloc(4);
        length.writeUInt32BE(chunk.length);
        socket.write(length);
        socket.write(chunk);
      }
      socket.end(Buffer.alloc(4));
    });
    socket.on("data", (data: Buffer) => replies.push(data));
    // clamd closes a stream it refuses (one over StreamMaxLength) while it is still being sent: the
    // write error that follows is kept only if clamd said nothing, its reply tells more.
    socket.on("error", (error) => {
      failure ??= unavailable(`ClamAV at ${host}:${port} could not be reached (${error.message})`, error);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      // "\0" ends a reply to a z-command.
      const reply = Buffer.concat(replies).toString("utf8").replace(/\0/g, "").trim();
      if (reply === "stream: OK") return resolve({ infected: false });
      const found = /^stream: (.+) FOUND$/.exec(reply);
      if (found?.[1]) return resolve({ infected: true, signature: found[1] });
      if (reply) return reject(unavailable(`ClamAV answered "${reply.slice(0, 200)}"`));
      reject(failure ?? unavailable(`ClamAV at ${host}:${port} closed the connection without a verdict`));
    });
  });
}
