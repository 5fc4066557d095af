import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("gives a working embedded setup with nothing set", () => {
    const config = loadConfig({ NODE_ENV: "test" });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeNull();
    expect(config.pgliteDir).toBe("./data/pglite");
    expect(config.demoSeed).toBe(true);
    expect(config.devOutbox).toBe(true);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("seeds demo data outside production on either database unless DEMO_SEED turns it off", () => {
    const url = "postgres://postgres@127.0.0.1:5432/pedaali";
    expect(loadConfig({ NODE_ENV: "development", DATABASE_URL: url }).demoSeed).toBe(true);
    expect(loadConfig({ NODE_ENV: "test", DATABASE_URL: url, DEMO_SEED: "0" }).demoSeed).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", DEMO_SEED: "off" }).demoSeed).toBe(false);
  });

  it("never seeds demo data nor opens the dev outbox in production", () => {
    const config = loadConfig({ NODE_ENV: "production", JWT_SECRET: "x".repeat(40), DEMO_SEED: "1" });
    expect(config.demoSeed).toBe(false);
    expect(config.devOutbox).toBe(false);
  });

  it("fails with one clear message listing every problem", () => {
    const attempt = () =>
      loadConfig({ NODE_ENV: "production", PORT: "http", DATABASE_URL: "mysql://x", JWT_SECRET: "short" });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as ConfigError).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
      expect(message).toContain("JWT_SECRET: must be at least 32 characters");
    }
  });

  it("requires JWT_SECRET in production and refuses the dev outbox there", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      /JWT_SECRET: required when NODE_ENV=production/,
    );
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: "y".repeat(40), DEV_OUTBOX: "1" })).toThrow(
      /DEV_OUTBOX/,
    );
  });

  it("treats empty variables as unset and trims a trailing slash from PUBLIC_URL", () => {
    const config = loadConfig({ NODE_ENV: "test", PORT: "", PUBLIC_URL: "https://pedaali.fi/" });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe("https://pedaali.fi");
  });
});
