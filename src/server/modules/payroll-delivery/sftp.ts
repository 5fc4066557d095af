import { createHash } from "node:crypto";
import { lookup } from "node:dns/promises";
import { BlockList } from "node:net";
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
  /** The server may be in a private network (config SFTP_ALLOW_PRIVATE_HOSTS). */
  privateHostAllowed: boolean;
};

/** A key's fingerprint as OpenSSH prints it: "SHA256:" and the unpadded base64 of its SHA-256. */
export function hostKeyFingerprint(key: Buffer): string {
  return `SHA256:${createHash("sha256").update(key).digest("base64").replace(/=+$/, "")}`;
}

export class SftpDeliveryError extends Error {}

/**
 * The networks a company's server may not be in: a company admin names the host, so without this the
 * platform would connect into its own network on their word (and the connection test would map it).
 */
const PRIVATE_NETWORKS = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const) {
  PRIVATE_NETWORKS.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  PRIVATE_NETWORKS.addSubnet(network, prefix, "ipv6");
}

export function isPrivateAddress(address: string, family: 4 | 6): boolean {
  const mapped = family === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] : undefined;
  if (mapped) return PRIVATE_NETWORKS.check(mapped, "ipv4");
  return PRIVATE_NETWORKS.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * The address to connect to: the host looked up once (so a second answer cannot point elsewhere) and
 * refused when any of its addresses is in a private network, unless that is allowed.
 */
async function addressOf(target: SftpTarget): Promise<string> {
  let found: { address: string; family: number }[];
  try {
    found = await lookup(target.host, { all: true, verbatim: true });
  } catch {
    throw new SftpDeliveryError("Host not found");
  }
  const [first] = found;
  if (!first) throw new SftpDeliveryError("Host not found");
  if (!target.privateHostAllowed && found.some((a) => isPrivateAddress(a.address, a.family === 6 ? 6 : 4))) {
    throw new SftpDeliveryError("The host is in a private network: give the SFTP server's public address");
  }
  return first.address;
}

/** How long a login may take before the try counts as failed. */
const READY_TIMEOUT_MS = 10_000;

async function withConnection<T>(target: SftpTarget, use: (client: SftpClient) => Promise<T>): Promise<T> {
  const address = await addressOf(target);
  const client = new SftpClient("payroll-delivery");
  let hostKeyRefused = false;
  try {
    await client.connect({
      host: address,
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

/**
 * Puts the bytes at directory/fileName (the directory made when missing). Payroll software that picks
 * up every file in its inbox must never read half of one, so the bytes are written under a hidden
 * name (".name.part") and given their name once the server has closed the file; a file of the same
 * name (a re-send) is replaced.
 */
export async function putBySftp(target: SftpTarget, fileName: string, bytes: Uint8Array): Promise<void> {
  await withConnection(target, async (client) => {
    const directory = posix.normalize(target.directory);
    if (!(await client.exists(directory))) await client.mkdir(directory, true);
    const path = posix.join(directory, fileName);
    const partial = posix.join(directory, `.${fileName}.part`);
    await client.put(Buffer.from(bytes), partial);
    // SFTP's rename does not replace a file, so the one sent before goes first.
    if (await client.exists(path)) await client.delete(path);
    await client.rename(partial, path);
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
export const sftpTargetText = (target: Omit<SftpTarget, "secret" | "privateHostAllowed">, fileName: string) =>
  `sftp://${target.username}@${target.host}:${target.port}${posix.join(posix.normalize(target.directory), fileName)}`;
