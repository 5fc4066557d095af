import { createHash } from "node:crypto";
import { posix } from "node:path";
import SftpClient from "ssh2-sftp-client";

/**
 * Putting the payroll file on the company's SFTP server. The server must show the host key whose
 * SHA-256 the company pinned, or nothing is sent: a server in the middle would otherwise receive
 * every employee's deductions. What goes wrong is told in words that hold no secret, since the
 * delivery log and the settings page show them.
 */

export type SftpTarget = {
  host: string;
  port: number;
  username: string;
  auth: "PASSWORD" | "PRIVATE_KEY";
  /** The unsealed password or private key: only ever in memory for the connection. */
  secret: string;
  directory: string;
  hostKeySha256: string;
};

/** A key's fingerprint as OpenSSH prints it: "SHA256:" and the unpadded base64 of its SHA-256. */
export function hostKeyFingerprint(key: Buffer): string {
  return `SHA256:${createHash("sha256").update(key).digest("base64").replace(/=+$/, "")}`;
}

export class SftpDeliveryError extends Error {}

/** How long a login may take before the try counts as failed. */
const READY_TIMEOUT_MS = 10_000;

async function withConnection<T>(target: SftpTarget, use: (client: SftpClient) => Promise<T>): Promise<T> {
  const client = new SftpClient("payroll-delivery");
  let hostKeyRefused = false;
  try {
    await client.connect({
      host: target.host,
      port: target.port,
      username: target.username,
      ...(target.auth === "PASSWORD" ? { password: target.secret } : { privateKey: target.secret }),
      readyTimeout: READY_TIMEOUT_MS,
      retries: 0,
      hostVerifier: (key: Buffer) => {
        const pinned = hostKeyFingerprint(key) === target.hostKeySha256.replace(/=+$/, "");
        hostKeyRefused = !pinned;
        return pinned;
      },
    });
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new SftpDeliveryError(connectFailure(error, hostKeyRefused));
  }
  try {
    return await use(client);
  } catch (error) {
    throw new SftpDeliveryError(`The server refused the file: ${plainReason(error)}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The connection's failure in words, never the password or key the library might echo. */
function connectFailure(error: unknown, hostKeyRefused: boolean): string {
  if (hostKeyRefused) return "Host key mismatch: the server is not the one whose key is pinned";
  const message = error instanceof Error ? error.message : String(error);
  if (/authentication/i.test(message))
    return "Authentication failed: check the username and the password or key";
  if (/ENOTFOUND|EAI_AGAIN/.test(message)) return "Host not found";
  if (/ECONNREFUSED/.test(message)) return "Connection refused";
  if (/timed out|ETIMEDOUT/i.test(message)) return "Connection timed out";
  if (/privateKey|private key|Cannot parse/i.test(message)) return "The private key cannot be read";
  return "Connection failed";
}

/** An SFTP status's words (e.g. "No such file"), with the library's prefixes and any path left out. */
function plainReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const last = message.split(":").pop()?.trim() ?? "";
  return last.length > 0 && last.length < 120 ? last : "unknown error";
}

/** Puts the bytes at directory/fileName (the directory made when missing); resolves when the server closed the file. */
export async function putBySftp(target: SftpTarget, fileName: string, bytes: Uint8Array): Promise<void> {
  await withConnection(target, async (client) => {
    const directory = posix.normalize(target.directory);
    if (!(await client.exists(directory))) await client.mkdir(directory, true);
    await client.put(Buffer.from(bytes), posix.join(directory, fileName));
  });
}

/** Logs in and checks that the directory is there: what "Test connection" answers. */
export async function checkSftp(target: SftpTarget): Promise<{ ok: boolean; error: string | null }> {
  try {
    const found = await withConnection(target, (client) => client.exists(posix.normalize(target.directory)));
    return found === "d" ? { ok: true, error: null } : { ok: false, error: "The directory is not there" };
  } catch (error) {
    return { ok: false, error: error instanceof SftpDeliveryError ? error.message : "Connection failed" };
  }
}

/** Where a file went, for the log: no secret, only sftp://user@host:port/dir/file. */
export const sftpTargetText = (target: Omit<SftpTarget, "secret">, fileName: string) =>
  `sftp://${target.username}@${target.host}:${target.port}${posix.join(posix.normalize(target.directory), fileName)}`;
