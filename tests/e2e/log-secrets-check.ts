import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_JOIN_TOKEN, DEMO_PASSWORD } from "../../src/server/db/seed/demo-data.ts";
import { codesInSms, findSecrets, type KnownSecret, tokensInMail } from "./log-secrets.ts";
import { E2E_WORKERS, serverLogFile, serverUrl } from "./servers.ts";

/**
 * Playwright's global setup for the e2e run, whose returned function is the run's last check while
 * the servers still run: no secret in the servers' logs (log-secrets.ts says what counts).
 *
 * The codes by SMS are known only from the dev outbox, which answers the newest 100 messages: so it is
 * read every few seconds while the journeys run (a worker sends a few SMS a minute), and once more at
 * the end. A read costs its server a few milliseconds.
 */

const POLL_MS = 5000;
const OUTBOX_LIMIT = 100;
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

type OutboxItem = { id: string; channel: "EMAIL" | "SMS"; text: string };

/** One server's outbox, every message seen so far. */
class OutboxReader {
  readonly items = new Map<string, OutboxItem>();
  /** Set when a read found only messages not seen before: older ones may have gone unread. */
  missed = false;

  constructor(private readonly server: string) {}

  async read(channel: OutboxItem["channel"]): Promise<void> {
    const url = `${this.server}/api/dev/outbox?channel=${channel}&limit=${OUTBOX_LIMIT}`;
    const response = await fetch(url).catch((error: unknown) => {
      throw new Error(`Could not read ${url} (${String(error)})`);
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const { items } = (await response.json()) as { items: OutboxItem[] };
    const seenBefore = [...this.items.values()].some((item) => item.channel === channel);
    if (seenBefore && items.length === OUTBOX_LIMIT && !items.some((item) => this.items.has(item.id))) {
      this.missed = true;
    }
    for (const item of items) this.items.set(item.id, item);
  }
}

/** The passwords the journeys type, as their sources write them (`password: "…"`, `newPassword = "…"`). */
function journeyPasswords(): string[] {
  const passwords: string[] = [];
  for (const dir of ["tests/e2e", "tests/screenshots"]) {
    const path = join(ROOT, dir);
    if (!existsSync(path)) continue;
    for (const file of readdirSync(path).filter((name) => name.endsWith(".ts"))) {
      const source = readFileSync(join(path, file), "utf8");
      for (const match of source.matchAll(/password\w*\s*[:=]\s*"([^"]{8,})"/gi)) {
        if (match[1]) passwords.push(match[1]);
      }
    }
  }
  return passwords;
}

/**
 * The secrets looked for by value. A mailed link's token is a random token, which the patterns find
 * anyway; the newest mails' tokens are added by value all the same.
 */
function knownSecrets(readers: OutboxReader[]): KnownSecret[] {
  const secrets: KnownSecret[] = [
    { kind: "demo password", value: DEMO_PASSWORD },
    { kind: "demo registration link token", value: DEMO_JOIN_TOKEN },
    ...journeyPasswords().map((value) => ({ kind: "password typed by a journey", value })),
  ];
  for (const reader of readers) {
    for (const item of reader.items.values()) {
      if (item.channel === "SMS") {
        secrets.push(...codesInSms(item.text).map((value) => ({ kind: "code sent by SMS", value })));
      } else {
        secrets.push(...tokensInMail(item.text).map((value) => ({ kind: "token of a mailed link", value })));
      }
    }
  }
  // One kind a value: the first named (the demo password is also a password the journeys type).
  const byValue = new Map<string, KnownSecret>();
  for (const secret of secrets) if (!byValue.has(secret.value)) byValue.set(secret.value, secret);
  return [...byValue.values()];
}

export default async function startLogSecretsCheck(): Promise<() => Promise<void>> {
  const readers = Array.from({ length: E2E_WORKERS }, (_, index) => new OutboxReader(serverUrl(index)));
  let stopped = false;
  let polling: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const poll = () => {
    // A read that fails while a server is busy is made up by the next one; the last one must succeed.
    polling = Promise.allSettled(readers.map((reader) => reader.read("SMS"))).then(() => {
      if (!stopped) timer = setTimeout(poll, POLL_MS).unref();
    });
  };
  poll();

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await polling;
    await Promise.all(readers.flatMap((reader) => [reader.read("SMS"), reader.read("EMAIL")]));
    const secrets = knownSecrets(readers);

    const problems: string[] = [];
    if (readers.some((reader) => reader.missed)) {
      problems.push(
        "The dev outbox had more new SMS between two reads than it answers: some codes went unchecked.",
      );
    }
    let lines = 0;
    for (let index = 0; index < E2E_WORKERS; index++) {
      const file = serverLogFile(index);
      const name = relative(ROOT, file);
      const text = existsSync(file) ? readFileSync(file, "utf8") : "";
      // Without the info lines (each request's URL among them) a clean log would prove nothing.
      if (!text.includes('"level":30')) {
        problems.push(`${name} has no info lines: the server must log at info for this check.`);
        continue;
      }
      lines += text.split("\n").filter(Boolean).length;
      for (const finding of findSecrets(text, secrets)) {
        problems.push(`${name}:${finding.line}: ${finding.kind} (${finding.preview})`);
      }
    }
    if (problems.length > 0) {
      const shown = problems.slice(0, 30);
      if (problems.length > shown.length) shown.push(`… and ${problems.length - shown.length} more`);
      throw new Error(`The servers' logs hold secrets (or could not be checked):\n  ${shown.join("\n  ")}`);
    }
    const kinds = new Map<string, number>();
    for (const { kind } of secrets) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    const known = [...kinds].map(([kind, count]) => `${count} ${kind}`).join(", ");
    console.info(`Server logs: ${lines} lines, no secret (looked for ${known}, and by pattern).`);
  };
}
