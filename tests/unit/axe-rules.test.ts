import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { RULES_A_THEME_CAN_CHANGE, RULES_BELOW_SERIOUS } from "../e2e/axe-rules.ts";

// The browser suite leaves out the axe rules that can find nothing serious or critical
// (tests/e2e/axe-rules.ts). Whether a rule can is read from axe's metadata: a violation's impact is the
// highest impact among its failing checks, and each check's impact is fixed in its metadata.

type Check = string | { id: string };
type AuditRule = { id: string; enabled: boolean; impact?: string; any: Check[]; all: Check[]; none: Check[] };
type Audit = { rules: AuditRule[]; data: { checks: Record<string, { impact?: string } | undefined> } };

const RANK: Record<string, number> = { minor: 1, moderate: 2, serious: 3, critical: 4 };

/** Each rule axe runs by default, with the highest impact it can report (the package as the page gets it). */
function highestImpacts(): Map<string, number> {
  const audit = (axe as unknown as { _audit: Audit })._audit;
  const highest = new Map<string, number>();
  for (const rule of audit.rules.filter((r) => r.enabled !== false)) {
    const checks = [...rule.any, ...rule.all, ...rule.none].map((c) => (typeof c === "string" ? c : c.id));
    const impacts = checks.map((id) => audit.data.checks[id]?.impact);
    // A check without a known impact counts as critical: the rule is kept.
    const ranks = [rule.impact, ...impacts].map((impact) => RANK[impact ?? ""] ?? RANK.critical);
    highest.set(rule.id, Math.max(...(ranks as number[])));
  }
  return highest;
}

describe("the axe rules the browser suite leaves out", () => {
  const highest = highestImpacts();

  it("are exactly the rules axe runs whose findings are at most moderate", () => {
    const belowSerious = [...highest].filter(([, rank]) => rank < (RANK.serious as number)).map(([id]) => id);
    expect([...RULES_BELOW_SERIOUS].sort()).toEqual(belowSerious.sort());
  });

  it("keep every rule that can find something serious, colour contrast among them", () => {
    expect(highest.get("color-contrast")).toBe(RANK.serious);
    // Listed as moderate, but its check that the page lets people zoom is critical.
    expect(highest.get("meta-viewport")).toBe(RANK.critical);
    for (const id of RULES_BELOW_SERIOUS) expect(highest.get(id), id).toBeLessThan(RANK.serious as number);
  });
});

describe("the axe rules a change of theme is checked by", () => {
  const highest = highestImpacts();

  it("are rules axe runs that can find something serious, so none is left out by the first list", () => {
    for (const id of RULES_A_THEME_CAN_CHANGE) {
      expect(highest.get(id), id).toBeGreaterThanOrEqual(RANK.serious as number);
      expect(RULES_BELOW_SERIOUS as readonly string[], id).not.toContain(id);
    }
  });

  it("are every rule that reads colours: axe tags them 'color'", () => {
    const audit = (
      axe as unknown as { _audit: { rules: { id: string; tags: string[]; enabled: boolean }[] } }
    )._audit;
    const colourRules = audit.rules
      .filter((r) => r.enabled !== false && r.tags.includes("cat.color"))
      .map((r) => r.id);
    expect(colourRules).toContain("color-contrast");
    for (const id of colourRules) expect(RULES_A_THEME_CAN_CHANGE as readonly string[], id).toContain(id);
  });
});
