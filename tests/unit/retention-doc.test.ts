import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RETENTION_RULE_IDS, RETENTION_RULES } from "../../src/domain/retention.ts";
import { KNOWN_DEVICE_DAYS } from "../../src/server/modules/auth/new-device.ts";

/** docs/privacy.md's retention table says what the job does: each rule, its days and its moment. */
describe("the written retention schedule", () => {
  const doc = readFileSync(new URL("../../docs/privacy.md", import.meta.url), "utf8");
  const rows = new Map(
    [...doc.matchAll(/^\| (\w+) \| (\d+) \| ([^|]+) \|$/gm)].map((m) => [
      m[1],
      { days: Number(m[2]), from: m[3]?.trim() },
    ]),
  );

  it("lists every rule with the days and the moment the job uses, and no other", () => {
    expect([...rows.keys()].sort()).toEqual([...RETENTION_RULE_IDS].sort());
    for (const rule of RETENTION_RULE_IDS) {
      expect(rows.get(rule), rule).toEqual({
        days: RETENTION_RULES[rule].keepDays,
        from: RETENTION_RULES[rule].from,
      });
    }
  });

  it("keeps ended sessions as long as the new-device mail remembers a device", () => {
    expect(RETENTION_RULES.endedSessions.keepDays).toBeGreaterThanOrEqual(KNOWN_DEVICE_DAYS);
  });
});
