import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The layer rules (docs/architecture.md "Layers") and the features' boundaries live in biome.json. This test lints probe files laid out like the
 * project with the project's own biome.json, so a rule that stops catching a wrong import fails here.
 */
const biome = resolve("node_modules/.bin/biome");
const workdir = mkdtempSync(join(tmpdir(), "pedaali-layers-"));
const config = JSON.parse(readFileSync("biome.json", "utf8"));
config.vcs = { enabled: false };
delete config.$schema;
writeFileSync(join(workdir, "biome.json"), JSON.stringify(config));
afterAll(() => rmSync(workdir, { recursive: true, force: true }));

function lint(file: string, importLine: string): string[] {
  const path = join(workdir, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${importLine}\n\nexport const probe = x;\n`);
  const result = spawnSync(biome, ["lint", "--reporter=json", file], { cwd: workdir, encoding: "utf8" });
  rmSync(path);
  const report = JSON.parse(result.stdout) as { diagnostics: { category: string }[] };
  return report.diagnostics.map((d) => d.category).filter((c) => c === "lint/style/noRestrictedImports");
}

describe("the layer rules", () => {
  const forbidden: [string, string][] = [
    ["src/domain/rule.ts", 'import { x } from "../contract/errors.ts";'],
    ["src/domain/rule.ts", 'import { x } from "../server/app.ts";'],
    ["src/domain/orders/rule.ts", 'import { x } from "../../web/main.tsx";'],
    ["src/domain/rule.ts", 'import { x } from "node:fs";'],
    ["src/domain/rule.ts", 'import { x } from "zod";'],
    ["src/contract/orders.ts", 'import { x } from "../server/db/client.ts";'],
    ["src/contract/orders.ts", 'import { x } from "../web/lib/api-client.ts";'],
    ["src/server/modules/orders/service.ts", 'import { x } from "../../../web/i18n/fi.json";'],
    ["src/server/modules/orders/routes.ts", 'import { x } from "../../db/client.ts";'],
    ["src/server/modules/orders/routes.ts", 'import { x } from "drizzle-orm";'],
    ["src/web/features/orders/page.tsx", 'import { x } from "../../../server/errors.ts";'],
    ["src/web/features/orders/page.tsx", 'import { x } from "drizzle-orm";'],
    // A feature reaches into another past its index, from each depth a feature's files sit at.
    ["src/web/features/mybike/page.tsx", 'import { x } from "../handover/handover-api.ts";'],
    ["src/web/features/admin/orders/page.tsx", 'import { x } from "../../redemption/redemption-words.ts";'],
    ["src/web/features/admin/after-sales/claims/page.tsx", 'import { x } from "../../../companies/x.ts";'],
    ["src/web/features/admin/orders/page.tsx", 'import { x } from "drizzle-orm";'],
  ];
  it.each(forbidden)("rejects in %s: %s", (file, importLine) => {
    expect(lint(file, importLine)).toHaveLength(1);
  });

  const allowed: [string, string][] = [
    ["src/domain/rule.ts", 'import { x } from "./enums.ts";'],
    ["src/contract/orders.ts", 'import { x } from "../domain/enums.ts";'],
    ["src/contract/orders.ts", 'import { x } from "zod";'],
    ["src/server/modules/orders/service.ts", 'import { x } from "../../db/client.ts";'],
    ["src/server/modules/orders/routes.ts", 'import { x } from "./service.ts";'],
    ["src/server/modules/orders/routes.ts", 'import { x } from "../../../contract/orders.ts";'],
    ["src/web/features/orders/page.tsx", 'import { x } from "../../../contract/orders.ts";'],
    ["src/web/features/orders/page.tsx", 'import { x } from "../../../domain/enums.ts";'],
    ["src/web/features/mybike/page.tsx", 'import { x } from "../handover/index.ts";'],
    ["src/web/features/mybike/page.tsx", 'import { x } from "../../lib/toast.ts";'],
    ["src/web/features/admin/orders/page.tsx", 'import { x } from "../../redemption/index.ts";'],
    ["src/web/features/admin/orders/page.tsx", 'import { x } from "../users/badges.tsx";'],
    [
      "src/web/features/admin/after-sales/claims/page.tsx",
      'import { x } from "../../../companies/index.ts";',
    ],
    ["src/web/features/admin/after-sales/claims/page.tsx", 'import { x } from "../../../../lib/toast.ts";'],
    // A test may take another feature's test support.
    ["src/web/features/handover/form.test.tsx", 'import { x } from "../store-links/test-support.tsx";'],
  ];
  it.each(allowed)("allows in %s: %s", (file, importLine) => {
    expect(lint(file, importLine)).toEqual([]);
  });
});
