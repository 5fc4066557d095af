import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVirusScanner, type VirusScanner } from "./virus-scan.ts";

/**
 * The upload scan against a real ClamAV daemon that this file starts on a free port, with a database
 * of one signature: the EICAR test file's bytes, found wherever they are in a file. No signature
 * updates are needed (nor reachable), and clamd starts in well under a second.
 */

const CLAMD = "/usr/sbin/clamd";
const installed = existsSync(CLAMD);
const INSTALL = "clamd is not installed: apt-get install clamav-daemon (Debian's package)";

// The EICAR test file, put together at run time so that this source is no scanner's hit.
const EICAR = Buffer.from(
  ["X5O!P%@AP[4\\PZX54(P^)7CC)7}$", "EICAR-STANDARD-ANTIVIRUS", "-TEST-FILE!$H+H*"].join(""),
);
// clamd adds ".UNOFFICIAL" to the names of signatures from a database that is not ClamAV's own.
const SIGNATURE = "Eicar-Test-Signature";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.on("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

// Skipped on a developer's machine without clamd; in CI, whose .ci/run installs it, its absence fails.
if (!installed && process.env.CI) {
  it("has clamd to scan with in CI", () => {
    expect.fail(INSTALL);
  });
}

describe.skipIf(!installed)(installed ? "the virus scan on ClamAV" : `skipped: ${INSTALL}`, () => {
  let dir: string;
  let clamd: ChildProcess | undefined;
  let output = "";
  let scanner: VirusScanner;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "pedaali-clamd-"));
    mkdirSync(join(dir, "db"));
    // An .ndb line: the name clamd reports, any file type (0), at any offset (*), the bytes in hex.
    writeFileSync(join(dir, "db", "eicar.ndb"), `${SIGNATURE}:0:*:${EICAR.toString("hex")}\n`);
    const port = await freePort();
    writeFileSync(
      join(dir, "clamd.conf"),
      [
        "Foreground yes",
        `TCPSocket ${port}`,
        "TCPAddr 127.0.0.1",
        `DatabaseDirectory ${join(dir, "db")}`,
        `LogFile ${join(dir, "clamd.log")}`,
        `PidFile ${join(dir, "clamd.pid")}`,
        // Above the 10 MB an upload may be.
        "StreamMaxLength 12M",
        "",
      ].join("\n"),
    );
    const started = Date.now();
    clamd = spawn(CLAMD, ["--config-file", join(dir, "clamd.conf")], { stdio: ["ignore", "pipe", "pipe"] });
    clamd.stdout?.on("data", (data) => {
      output += data;
    });
    clamd.stderr?.on("data", (data) => {
      output += data;
    });
    while (!(await accepts(port))) {
      if (clamd.exitCode !== null) throw new Error(`clamd exited with ${clamd.exitCode}:\n${output}`);
      if (Date.now() - started > 15_000) throw new Error(`clamd did not listen within 15 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    scanner = createVirusScanner({ host: "127.0.0.1", port }) as VirusScanner;
  }, 20_000);

  afterAll(async () => {
    if (clamd && clamd.exitCode === null) {
      const exited = new Promise((resolve) => clamd?.once("exit", resolve));
      clamd.kill("SIGTERM");
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("finds the EICAR test file and names its signature", async () => {
    expect(await scanner.scan(EICAR)).toEqual({ infected: true, signature: `${SIGNATURE}.UNOFFICIAL` });
  });

  it("passes a small PDF", async () => {
    const pdf = Buffer.from(
      "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    );
    expect(await scanner.scan(pdf)).toEqual({ infected: false });
  });

  it("passes 5 MB sent in many chunks", async () => {
    expect(await scanner.scan(randomBytes(5 * 1024 * 1024))).toEqual({ infected: false });
  });

  it("finds the test file split across two chunks deep in a large file", async () => {
    // The scanner sends 64 KiB chunks: clamd must see them as one file to find bytes cut in two.
    const around = Buffer.alloc(3 * 64 * 1024 - 30, 0x20);
    const file = Buffer.concat([around, EICAR, Buffer.alloc(64 * 1024, 0x20)]);
    expect(await scanner.scan(file)).toEqual({ infected: true, signature: `${SIGNATURE}.UNOFFICIAL` });
  });

  it("throws, not passes, when clamd refuses the stream as too long", async () => {
    // clamd answers "INSTREAM size limit exceeded. ERROR" and closes while the rest is still sent.
    await expect(scanner.scan(Buffer.alloc(13 * 1024 * 1024, 0x41))).rejects.toThrow(
      /virus scan is unavailable/,
    );
  });
});

describe("the virus scan without a daemon", () => {
  it("is not made when ClamAV is not configured", () => {
    expect(createVirusScanner(null)).toBeNull();
  });

  it("throws 'unavailable' at once when nothing listens on the port", async () => {
    const scanner = createVirusScanner({ host: "127.0.0.1", port: await freePort() }) as VirusScanner;
    const started = Date.now();
    await expect(scanner.scan(Buffer.from("%PDF-1.4\n"))).rejects.toThrow(/virus scan is unavailable/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("throws 'unavailable' when the daemon accepts but does not answer in time", async () => {
    const held: Socket[] = [];
    const silent: Server = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    try {
      const scanner = createVirusScanner({ host: "127.0.0.1", port }, 300) as VirusScanner;
      await expect(scanner.scan(Buffer.from("%PDF-1.4\n"))).rejects.toThrow(
        /virus scan is unavailable.*300 ms/,
      );
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
