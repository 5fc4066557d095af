import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { CONFIG_DOCS } from "../../src/server/config.ts";

/**
 * The image and the compose file, checked where no Docker engine runs (CI has only the client): the
 * Dockerfile keeps the rules a linter such as hadolint holds it to, and the compose file parses into
 * two app instances on one database and one Redis, with variables the server knows.
 */

const dockerfile = readFileSync("Dockerfile", "utf8");
const instructions = dockerfile
  .replace(/\\\n/g, " ")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));
const stages = instructions.filter((line) => line.startsWith("FROM "));
const finalStage = instructions.slice(instructions.lastIndexOf(stages.at(-1) as string));

type Service = {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  depends_on?: unknown;
};
const compose = parse(readFileSync("deploy/compose.yaml", "utf8"), { merge: true }) as {
  services: Record<string, Service>;
};

describe("the Dockerfile", () => {
  it("builds in one stage and runs from a second, slim one, with pinned base images", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const from of stages) {
      const image = from.split(/\s+/)[1] as string;
      expect(image, from).toMatch(/^[\w./-]+:[\w.-]+$/);
      expect(image, from).not.toMatch(/:latest$/);
    }
    expect(stages.at(-1)).toMatch(/slim|alpine|distroless/);
  });

  it("runs as an unprivileged user, with a health check, in exec form, without ADD", () => {
    const user = finalStage.find((line) => line.startsWith("USER "));
    expect(user).toBeDefined();
    expect(user).not.toMatch(/USER\s+(root|0)\b/);
    expect(finalStage.some((line) => line.startsWith("HEALTHCHECK "))).toBe(true);
    expect(finalStage.find((line) => line.startsWith("CMD "))).toMatch(/^CMD \[/);
    expect(instructions.some((line) => line.startsWith("ADD "))).toBe(false);
    // What the server reads at run time: its bundle, its dependencies and the migrations.
    for (const path of ["dist", "node_modules", "src/server/db/migrations"]) {
      expect(
        finalStage.some((line) => line.startsWith("COPY") && line.includes(path)),
        path,
      ).toBe(true);
    }
  });

  it("installs from the lock file and leaves out what the repository should not send", () => {
    expect(dockerfile).toContain("npm ci");
    const ignored = readFileSync(".dockerignore", "utf8").split("\n");
    for (const path of ["node_modules", "data", ".git", "dist"]) expect(ignored).toContain(path);
  });
});

describe("the compose file", () => {
  const apps = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);

  it("runs two app instances on the same database, Redis and bucket, behind a balancer", () => {
    expect(apps.map(([name]) => name)).toEqual(["app-1", "app-2"]);
    const [one, two] = apps.map(([, service]) => service.environment ?? {});
    expect(one?.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(two?.DATABASE_URL).toBe(one?.DATABASE_URL);
    expect(two?.REDIS_URL).toBe(one?.REDIS_URL);
    // The stored files' bytes are where both instances read them, never in one container's folder.
    expect(one?.S3_BUCKET).toBeTruthy();
    expect(two?.S3_BUCKET).toBe(one?.S3_BUCKET);
    expect(one?.S3_ENDPOINT).toMatch(/^http:\/\/objects:9000$/);
    expect(compose.services.objects?.image).toMatch(/^minio\/minio:/);
    expect(two?.JWT_SECRET).toBe(one?.JWT_SECRET);
    // Both instances read and write the same sealed fields.
    expect(two?.DATA_KEYS).toBe(one?.DATA_KEYS);
    expect(compose.services.postgres?.image).toMatch(/^postgres:/);
    expect(compose.services.redis?.image).toMatch(/^redis:/);
    expect(compose.services.balancer).toBeDefined();
  });

  it("sets only variables the server knows, the production ones included, on pinned images", () => {
    // The AWS SDK reads its credentials itself (S3_BUCKET's documentation says so).
    const known = new Set([
      ...CONFIG_DOCS.map((doc) => doc.name),
      "HOST",
      "AWS_ACCESS_KEY_ID",
      "AWS_SECRET_ACCESS_KEY",
    ]);
    for (const [name, service] of apps) {
      const env = service.environment ?? {};
      for (const key of Object.keys(env)) expect(known.has(key), `${name}: ${key}`).toBe(true);
      for (const key of [
        "NODE_ENV",
        "DATABASE_URL",
        "PUBLIC_URL",
        "JWT_SECRET",
        "DATA_KEYS",
        "SMTP_URL",
        "SMS_PROVIDER_URL",
      ]) {
        expect(env[key], `${name}: ${key}`).toBeTruthy();
      }
      expect(env.PUBLIC_URL).toMatch(/^https:\/\//);
    }
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.image) expect(service.image, name).toMatch(/:[\w.-]+$/);
      if (service.image) expect(service.image, name).not.toMatch(/:latest$/);
    }
  });
});
