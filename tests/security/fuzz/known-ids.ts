import type { FastifyInstance } from "fastify";
import type { OperationShape } from "./operation-shape.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids of objects that exist, read from every list the admin may GET (operations without path
 * parameters), so fuzzed uuids name a real user, role or company and reach past the 404. Each id is
 * filed under what it names: the key it was found at (`companyId`) or, for a plain `id`, the list it
 * came from (`/api/roles`). The `exclude`d ids (the fuzzing identities themselves) are left out, so
 * the fuzz cannot deactivate, re-address or strip the roles of the users it runs as.
 */
export type KnownIds = {
  /** The ids that fit a parameter or field name (`roleId`, `companyIds`, `roles` for `/api/roles/{id}`), else all. */
  forName(name: string): readonly string[];
};

/** `roleId`, `roles`, `companyIds` and `companies` all come down to one stem: role, company. */
function stem(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z]/g, "")
    .replace(/ids?$/, "")
    .replace(/ies$/, "y")
    .replace(/s$/, "");
}

export async function harvestKnownIds(
  app: FastifyInstance,
  shapes: OperationShape[],
  headers: Record<string, string>,
  exclude: string[],
): Promise<KnownIds> {
  const excluded = new Set(exclude.map((id) => id.toLowerCase()));
  const byStem = new Map<string, Set<string>>();
  const file = (name: string, id: string) => {
    if (excluded.has(id.toLowerCase())) return;
    const key = stem(name);
    if (!byStem.has(key)) byStem.set(key, new Set());
    byStem.get(key)?.add(id.toLowerCase());
  };
  const walk = (value: unknown, list: string) => {
    if (value === null || typeof value !== "object") return;
    for (const [key, child] of Object.entries(value)) {
      if (typeof child === "string" && UUID.test(child)) file(key === "id" ? list : key, child);
      else walk(child, list);
    }
  };
  for (const shape of shapes) {
    if (shape.method !== "GET" || shape.pathParams.length > 0) continue;
    const res = await app.inject({ method: "GET", url: shape.path, headers });
    // Files (the CSV and XLSX exports) carry no ids to reuse: only JSON answers are read.
    const json = String(res.headers["content-type"] ?? "").includes("application/json");
    if (res.statusCode === 200 && json) walk(res.json(), shape.path.split("/").pop() ?? "");
  }

  const all = [...new Set([...byStem.values()].flatMap((ids) => [...ids]))];
  return {
    forName(name) {
      const wanted = stem(name);
      const fitting = [...byStem.entries()]
        .filter(([key]) => wanted !== "" && key !== "" && (key.includes(wanted) || wanted.includes(key)))
        .flatMap(([, ids]) => [...ids]);
      return fitting.length > 0 ? fitting : all;
    },
  };
}
