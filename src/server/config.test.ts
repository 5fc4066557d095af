import { describe, expect, it } from "vitest";
import { PRODUCTION_ENV } from "../../tests/helpers/production.ts";
import { ConfigError, loadConfig } from "./config.ts";

/** The ConfigError's message for `env`, which must be refused. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

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
    const config = loadConfig({ ...PRODUCTION_ENV, DEMO_SEED: "1" });
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
    expect(refusal({ ...PRODUCTION_ENV, DEV_OUTBOX: "1" })).toContain(
      "DEV_OUTBOX: the dev outbox is never available in production",
    );
    expect(refusal({ ...PRODUCTION_ENV, BENCH_ROUTES: "on" })).toContain(
      "BENCH_ROUTES: the benchmark's routes are never available in production",
    );
    expect(loadConfig({ NODE_ENV: "development" }).benchRoutes).toBe(false);
    expect(loadConfig({ NODE_ENV: "development", BENCH_ROUTES: "on" }).benchRoutes).toBe(true);
  });

  it("runs the timed jobs unless TIMED_JOBS is off, which production refuses", () => {
    expect(loadConfig({ NODE_ENV: "development" }).timedJobs).toBe(true);
    expect(loadConfig({ NODE_ENV: "development", TIMED_JOBS: "0" }).timedJobs).toBe(false);
    expect(refusal({ ...PRODUCTION_ENV, TIMED_JOBS: "off" })).toContain(
      "TIMED_JOBS: the timed jobs always run in production",
    );
  });

  it("treats empty variables as unset and trims a trailing slash from PUBLIC_URL", () => {
    const config = loadConfig({ NODE_ENV: "test", PORT: "", PUBLIC_URL: "https://pedaali.fi/" });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe("https://pedaali.fi");
  });

  it("production refuses to start without an https PUBLIC_URL", () => {
    const { PUBLIC_URL: _, ...withoutUrl } = PRODUCTION_ENV;
    expect(refusal(withoutUrl)).toContain(
      "PUBLIC_URL: required when NODE_ENV=production (the https:// address users reach the app at)",
    );
    expect(refusal({ ...PRODUCTION_ENV, PUBLIC_URL: "http://pedaali.example" })).toContain(
      "PUBLIC_URL: must start with https:// when NODE_ENV=production",
    );
    expect(loadConfig(PRODUCTION_ENV).publicUrl).toBe("https://pedaali.example");
  });

  it("production refuses to start without the mail and SMS providers", () => {
    const { SMTP_URL: _smtp, SMS_PROVIDER_URL: _sms, ...withoutProviders } = PRODUCTION_ENV;
    const message = refusal(withoutProviders);
    expect(message).toContain("SMTP_URL: required when NODE_ENV=production");
    expect(message).toContain("SMS_PROVIDER_URL: required when NODE_ENV=production");
    const { SMS_PROVIDER_URL: _, ...withoutSms } = PRODUCTION_ENV;
    expect(refusal(withoutSms)).not.toContain("SMTP_URL");
  });

  it("lists every missing production setting at once", () => {
    const message = refusal({ NODE_ENV: "production" });
    for (const name of ["JWT_SECRET", "DATA_KEYS", "PUBLIC_URL", "SMTP_URL", "SMS_PROVIDER_URL"]) {
      expect(message).toContain(`${name}: required when NODE_ENV=production`);
    }
  });

  it("publishes the API docs outside production, and in production only with API_DOCS=true", () => {
    expect(loadConfig({ NODE_ENV: "development" }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: "test", API_DOCS: "0" }).apiDocs).toBe(false);
    expect(loadConfig(PRODUCTION_ENV).apiDocs).toBe(false);
    expect(loadConfig({ ...PRODUCTION_ENV, API_DOCS: "true" }).apiDocs).toBe(true);
    expect(refusal({ NODE_ENV: "test", API_DOCS: "maybe" })).toContain("API_DOCS");
  });

  it("logs readable lines to a person at a terminal, JSON to anything else and always in production", () => {
    expect(loadConfig({}, true).logFormat).toBe("pretty");
    expect(loadConfig({}, false).logFormat).toBe("json");
    expect(loadConfig(PRODUCTION_ENV, true).logFormat).toBe("json");
    expect(loadConfig({ LOG_FORMAT: "json" }, true).logFormat).toBe("json");
    expect(loadConfig({ ...PRODUCTION_ENV, LOG_FORMAT: "pretty" }, false).logFormat).toBe("pretty");
  });

  it("listens on 127.0.0.1 while the dev outbox is on, unless HOST says otherwise", () => {
    expect(loadConfig({ NODE_ENV: "development" }).host).toBe("127.0.0.1");
    expect(loadConfig({ NODE_ENV: "development", HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({ NODE_ENV: "development", DEV_OUTBOX: "off" }).host).toBe("0.0.0.0");
    expect(loadConfig(PRODUCTION_ENV).host).toBe("0.0.0.0");
    expect(loadConfig({ ...PRODUCTION_ENV, HOST: "10.1.2.3" }).host).toBe("10.1.2.3");
  });

  it("trusts no proxy by default, in production too", () => {
    expect(loadConfig({ NODE_ENV: "development" }).trustProxy).toBe(false);
    expect(loadConfig(PRODUCTION_ENV).trustProxy).toBe(false);
    expect(loadConfig({ ...PRODUCTION_ENV, TRUST_PROXY: "0" }).trustProxy).toBe(false);
  });

  it("TRUST_PROXY takes a hop count or a list of proxy addresses and networks", () => {
    expect(loadConfig({ ...PRODUCTION_ENV, TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(
      loadConfig({ ...PRODUCTION_ENV, TRUST_PROXY: " 10.0.0.1, 172.16.0.0/12,fd00::/8 ,::1, loopback" })
        .trustProxy,
    ).toEqual(["10.0.0.1", "172.16.0.0/12", "fd00::/8", "::1", "loopback"]);
  });

  it("refuses a TRUST_PROXY that is neither a hop count nor addresses", () => {
    for (const value of ["true", "-1", "1.5", "10.0.0.0/33", "::1/129", "proxy.example", "10.0.0.1,", "*"]) {
      expect(refusal({ ...PRODUCTION_ENV, TRUST_PROXY: value }), value).toContain("TRUST_PROXY:");
    }
  });
});
