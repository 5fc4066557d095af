import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_TABLE,
  PROMISE_PATTERNS,
  PROMISES_KEPT_BY_PEOPLE,
} from "../../src/domain/notification-table.ts";
import { EMPLOYEE_NOTICE_EVENTS } from "../../src/server/messaging/employee-notice-mails.ts";
import { SENDER_REGISTRY } from "../../src/server/modules/notifications/sender-registry.ts";

/**
 * The promise test: no text in the web's catalogues promises a notification the table has no row for,
 * and no row says a channel is sent that nothing sends.
 */

const ROOT = join(import.meta.dirname, "../..");
const I18N = join(ROOT, "src/web/i18n");

function catalogues(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return catalogues(path);
    return entry.name.endsWith(".json") ? [path] : [];
  });
}

/** Every text of a catalogue by its key path (`a.b.c`). */
function texts(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, inner]) => texts(inner, prefix ? `${prefix}.${key}` : key));
  }
  return [];
}

function languageOf(file: string): "fi" | "en" | "sv" {
  const match = /(?:^|[./])(fi|en|sv)\.json$/.exec(file);
  if (!match) throw new Error(`No language in ${file}`);
  return match[1] as "fi" | "en" | "sv";
}

const allTexts = new Map<string, string>();
for (const path of catalogues(I18N)) {
  const file = relative(I18N, path);
  for (const [key, text] of texts(JSON.parse(readFileSync(path, "utf8"))))
    allTexts.set(`${file}#${key}`, text);
}

const promised = new Set(NOTIFICATION_TABLE.flatMap((row) => row.promisedBy ?? []));

describe("the notification table", () => {
  it("has exactly one row per event", () => {
    expect(NOTIFICATION_TABLE.map((row) => row.event).sort()).toEqual([...NOTIFICATION_EVENTS].sort());
  });

  it("names a registered sender for every send it says is sent, and the sender's file makes it", () => {
    for (const row of NOTIFICATION_TABLE) {
      for (const send of row.sends.filter((s) => s.state === "sent")) {
        const label = `${row.event} ${send.party} ${send.channel}`;
        expect(send.via, label).toBeDefined();
        const sender = SENDER_REGISTRY[send.via ?? ""];
        expect(sender, `${label}: ${send.via} is not in the sender registry`).toBeDefined();
        const source = readFileSync(join(ROOT, sender?.file ?? ""), "utf8");
        expect(
          source.includes(`${sender?.makes}(`),
          `${label}: ${sender?.file} never calls ${sender?.makes}`,
        ).toBe(true);
      }
    }
  });

  it("has a row for every sender in the registry", () => {
    const used = new Set(NOTIFICATION_TABLE.flatMap((row) => row.sends.map((send) => send.via)));
    expect(Object.keys(SENDER_REGISTRY).filter((via) => !used.has(via))).toEqual([]);
  });

  it("says the employee's notices are sent exactly for the events and channels the notice sender renders", () => {
    const fromTable = NOTIFICATION_TABLE.flatMap((row) =>
      row.sends
        .filter((send) => send.via === "notify:employee")
        .map((send) => `${row.event}:${send.channel}`),
    ).sort();
    const rendered = Object.entries(EMPLOYEE_NOTICE_EVENTS)
      .flatMap(([event, channels]) => channels.map((channel) => `${event}:${channel}`))
      .sort();
    expect(fromTable).toEqual(rendered);
  });
});

describe("the promise test", () => {
  it("finds every text that promises a notification listed by a row (or as a person's own promise)", () => {
    const unlisted: string[] = [];
    for (const [key, text] of allTexts) {
      const file = key.slice(0, key.indexOf("#"));
      const promises = PROMISE_PATTERNS[languageOf(file)].some((pattern) => pattern.test(text));
      if (promises && !promised.has(key) && !PROMISES_KEPT_BY_PEOPLE.includes(key))
        unlisted.push(`${key}: ${text}`);
    }
    expect(unlisted).toEqual([]);
  });

  it("lists only texts that exist and still promise", () => {
    for (const key of [...promised, ...PROMISES_KEPT_BY_PEOPLE]) {
      const text = allTexts.get(key);
      expect(text, `${key} is in no catalogue`).toBeDefined();
      const file = key.slice(0, key.indexOf("#"));
      const promises = PROMISE_PATTERNS[languageOf(file)].some((pattern) => pattern.test(text ?? ""));
      expect(promises, `${key} no longer promises: take it off its row`).toBe(true);
    }
  });

  it("lets a row be promised only when the platform sends it to someone", () => {
    for (const row of NOTIFICATION_TABLE.filter((r) => (r.promisedBy ?? []).length > 0)) {
      expect(
        row.sends.some((send) => send.state === "sent"),
        `${row.event} is promised but nothing sends it`,
      ).toBe(true);
    }
  });
});
