import type { AddressInfo } from "node:net";
import { posix } from "node:path";
import ssh2 from "ssh2";
import { hostKeyFingerprint } from "./sftp.ts";

/**
 * A small SFTP server for the tests (never used by the app): ssh2's Server on a random local port
 * with its files in memory, answering the operations the delivery's client sends (OPEN, WRITE,
 * CLOSE, STAT/LSTAT, REALPATH, MKDIR, REMOVE, RENAME). It takes one username and password.
 */

const { Server, utils } = ssh2;
const { OPEN_MODE, STATUS_CODE } = utils.sftp;

export type TestSftpServer = {
  port: number;
  /** The server's host key fingerprint, as the company would pin it. */
  fingerprint: string;
  files: Map<string, Buffer>;
  /**
   * Every file that arrived under its name, in order (written, or renamed from a hidden name once
   * written): a file put twice under one name (a re-send) is here twice.
   */
  uploads: { path: string; bytes: Buffer }[];
  directories: Set<string>;
  /** Logins refused so far (a wrong password). */
  refusedLogins: number;
  /** Clients that connected so far, logged in or not. */
  connections: number;
  close: () => Promise<void>;
};

/**
 * A new ed25519 host key and its parsed form. ssh2 cannot read back about one in 200 of the keys its
 * own generator writes ("Malformed OpenSSH private key"), so a key it cannot read is made again.
 */
function freshHostKey() {
  for (let attempt = 0; attempt < 20; attempt++) {
    const hostKey = utils.generateKeyPairSync("ed25519");
    const parsed = utils.parseKey(hostKey.private);
    if (!(parsed instanceof Error)) return { hostKey, key: Array.isArray(parsed) ? parsed[0] : parsed };
  }
  throw new Error("ssh2 could not read back any host key it made");
}

export async function startTestSftpServer(login: {
  username: string;
  password: string;
}): Promise<TestSftpServer> {
  const { hostKey, key } = freshHostKey();
  const files = new Map<string, Buffer>();
  const uploads: { path: string; bytes: Buffer }[] = [];
  const directories = new Set<string>(["/"]);
  const state = { refusedLogins: 0, connections: 0 };

  const server = new Server({ hostKeys: [hostKey.private] }, (client) => {
    state.connections += 1;
    client.on("authentication", (ctx) => {
      if (ctx.method === "password" && ctx.username === login.username && ctx.password === login.password) {
        ctx.accept();
        return;
      }
      if (ctx.method === "password") state.refusedLogins += 1;
      ctx.reject(["password"]);
    });
    client.on("error", () => undefined);
    client.on("ready", () => {
      client.on("session", (accept) => {
        const session = accept();
        session.on("sftp", (acceptSftp) => {
          const sftp = acceptSftp();
          const open = new Map<number, { path: string; chunks: Buffer[] }>();
          let nextHandle = 1;
          const handleOf = (n: number) => {
            const b = Buffer.alloc(4);
            b.writeUInt32BE(n);
            return b;
          };
          const attrs = (mode: number, size = 0) => ({ mode, uid: 0, gid: 0, size, atime: 0, mtime: 0 });
          const stat = (reqid: number, path: string) => {
            const p = posix.normalize(path);
            if (directories.has(p)) return sftp.attrs(reqid, attrs(0o040755));
            const file = files.get(p);
            if (file) return sftp.attrs(reqid, attrs(0o100644, file.length));
            return sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
          };
          sftp.on("REALPATH", (reqid, path) => {
            const p = posix.resolve("/", path);
            sftp.name(reqid, [{ filename: p, longname: p, attrs: attrs(0o040755) }]);
          });
          sftp.on("STAT", stat);
          sftp.on("LSTAT", stat);
          sftp.on("MKDIR", (reqid, path) => {
            const p = posix.normalize(path);
            if (!directories.has(posix.dirname(p))) return sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
            directories.add(p);
            return sftp.status(reqid, STATUS_CODE.OK);
          });
          sftp.on("OPEN", (reqid, filename, flags) => {
            const p = posix.normalize(filename);
            if (!(flags & OPEN_MODE.WRITE) || !directories.has(posix.dirname(p))) {
              return sftp.status(reqid, STATUS_CODE.FAILURE);
            }
            const n = nextHandle++;
            open.set(n, { path: p, chunks: [] });
            return sftp.handle(reqid, handleOf(n));
          });
          sftp.on("WRITE", (reqid, handle, offset, data) => {
            const file = open.get(handle.readUInt32BE(0));
            if (!file) return sftp.status(reqid, STATUS_CODE.FAILURE);
            const before = Buffer.concat(file.chunks);
            const size = Math.max(before.length, offset + data.length);
            const next = Buffer.alloc(size);
            before.copy(next);
            data.copy(next, offset);
            file.chunks = [next];
            return sftp.status(reqid, STATUS_CODE.OK);
          });
          sftp.on("FSTAT", (reqid, handle) => {
            const file = open.get(handle.readUInt32BE(0));
            if (!file) return sftp.status(reqid, STATUS_CODE.FAILURE);
            return sftp.attrs(reqid, attrs(0o100644, Buffer.concat(file.chunks).length));
          });
          sftp.on("FSETSTAT", (reqid) => sftp.status(reqid, STATUS_CODE.OK));
          sftp.on("CLOSE", (reqid, handle) => {
            const n = handle.readUInt32BE(0);
            const file = open.get(n);
            if (!file) return sftp.status(reqid, STATUS_CODE.FAILURE);
            const bytes = Buffer.concat(file.chunks);
            files.set(file.path, bytes);
            // A hidden name is a file still on its way (payroll software leaves it alone).
            if (!posix.basename(file.path).startsWith(".")) uploads.push({ path: file.path, bytes });
            open.delete(n);
            return sftp.status(reqid, STATUS_CODE.OK);
          });
          sftp.on("REMOVE", (reqid, path) => {
            const p = posix.normalize(path);
            if (!files.delete(p)) return sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
            return sftp.status(reqid, STATUS_CODE.OK);
          });
          // As SFTP version 3 has it: a name already taken is a failure, not replaced.
          sftp.on("RENAME", (reqid, oldPath, newPath) => {
            const from = posix.normalize(oldPath);
            const to = posix.normalize(newPath);
            const bytes = files.get(from);
            if (!bytes) return sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
            if (files.has(to) || !directories.has(posix.dirname(to))) {
              return sftp.status(reqid, STATUS_CODE.FAILURE);
            }
            files.delete(from);
            files.set(to, bytes);
            uploads.push({ path: to, bytes });
            return sftp.status(reqid, STATUS_CODE.OK);
          });
        });
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    fingerprint: hostKeyFingerprint(key?.getPublicSSH() as Buffer),
    files,
    uploads,
    directories,
    get refusedLogins() {
      return state.refusedLogins;
    },
    get connections() {
      return state.connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
