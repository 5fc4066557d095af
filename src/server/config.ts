import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { dirname } from "node:path";
import { z } from "zod";
import { type DataKey, newDataKeyEntry, parseDataKeys, TEST_DATA_KEYS } from "./data-keys.ts";

/**
 * The environment of README.md "Configuration", validated once at start. Every variable has a type, a default and
 * a line of documentation; the README's configuration table is written from `CONFIG_DOCS`.
 */

const booleanFlag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off"])
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

/** The names proxy-addr (Fastify's trustProxy) knows for whole address ranges. */
const PROXY_RANGE_NAMES = ["loopback", "linklocal", "uniquelocal"];

/** An IP address, a CIDR network (10.0.0.0/8, fd00::/8) or one of the range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/** TRUST_PROXY: a hop count (0 = off) or a comma-separated list of proxy addresses and networks. */
const trustProxySetting = z.string().transform((value, ctx): number | string[] | false => {
  if (/^\d{1,2}$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value.split(",").map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: "custom",
    message:
      "must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or networks (e.g. 10.0.0.1,172.16.0.0/12)",
  });
  return z.NEVER;
});

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  PGLITE_DIR: z.string().min(1).default("./data/pglite"),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  DEMO_SEED: booleanFlag.optional(),
  FILES_DIR: z.string().min(1).default("./data/files"),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name (3–63 of a–z, 0–9, . and -)")
    .optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default("eu-north-1"),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  CLAMAV_HOST: z.string().min(1).optional(),
  CLAMAV_PORT: z.coerce.number().int().min(1).max(65535).default(3310),
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  DATA_KEYS: z
    .string()
    .superRefine((text, issues) => {
      const parsed = parseDataKeys(text);
      if ("problem" in parsed) issues.addIssue({ code: "custom", message: parsed.problem });
    })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  SMS_PROVIDER_URL: z.url().optional(),
  DEV_OUTBOX: booleanFlag.optional(),
  TRUST_PROXY: trustProxySetting.optional(),
  API_DOCS: booleanFlag.optional(),
  BENCH_ROUTES: booleanFlag.optional(),
  METRICS_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  INACTIVITY_DEACTIVATION_DAYS: z.coerce.number().int().min(0).max(36_500).default(365),
  STRONG_ID_ISSUER: z.url().optional(),
  STRONG_ID_CLIENT_ID: z.string().min(1).max(200).optional(),
  STRONG_ID_IDENTITY_CODE_CLAIM: z.string().min(1).max(200).default("personal_identity_code"),
  OIDC_KEYS_FILE: z.string().min(1).optional(),
  OIDC_ALLOW_HTTP: booleanFlag.optional(),
  SFTP_ALLOW_PRIVATE_HOSTS: booleanFlag.optional(),
  TIMED_JOBS: booleanFlag.optional(),
});

export const CONFIG_DOCS: ReadonlyArray<{ name: string; defaultValue: string; doc: string }> = [
  { name: "PORT", defaultValue: "3000", doc: "HTTP port of the app and the API." },
  {
    name: "HOST",
    defaultValue: "127.0.0.1 while the dev outbox is on, else 0.0.0.0",
    doc: "Interface to listen on. The dev outbox shows every code and link sent, so with it on only this machine is answered unless HOST says otherwise (e.g. 0.0.0.0 in a container).",
  },
  {
    name: "DATABASE_URL",
    defaultValue: "unset → embedded PGlite",
    doc: "PostgreSQL connection string (postgres://user@host:5432/db); outside production a missing database is created. Unset: the embedded PGlite database.",
  },
  {
    name: "PGLITE_DIR",
    defaultValue: "./data/pglite",
    doc: "Data folder of the embedded database; `memory://` keeps it in memory only.",
  },
  {
    name: "REDIS_URL",
    defaultValue: "unset → the database",
    doc: "Redis server (redis://host:6379) for the counts every app instance shares: failed logins and codes, request rates. Unset: they are kept in the database, which serves several instances too.",
  },
  {
    name: "DEMO_SEED",
    defaultValue: "on outside production",
    doc: "Seed the demo data on first start, when the database has no users yet. Never seeded when NODE_ENV=production.",
  },
  {
    name: "FILES_DIR",
    defaultValue: "./data/files",
    doc: "Folder of stored files' bytes (signed agreements, receipts, offers, claim photos) when S3_BUCKET is unset; `memory://` keeps them in memory only. Several instances need a shared folder or S3.",
  },
  {
    name: "S3_BUCKET",
    defaultValue: "unset → FILES_DIR",
    doc: "S3-compatible bucket for stored files' bytes. Credentials come from the AWS SDK's usual sources (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or the machine's role).",
  },
  {
    name: "S3_ENDPOINT",
    defaultValue: "unset → AWS",
    doc: "Address of an S3-compatible service other than AWS (https://s3.example.fi).",
  },
  { name: "S3_REGION", defaultValue: "eu-north-1", doc: "Region of the bucket." },
  {
    name: "S3_FORCE_PATH_STYLE",
    defaultValue: "off",
    doc: "Address the bucket as a path (https://host/bucket/key), as most S3-compatible services other than AWS ask.",
  },
  {
    name: "CLAMAV_HOST",
    defaultValue: "unset → no scan",
    doc: "Host of a ClamAV daemon (clamd) that scans every upload before it is stored; an infected file is refused with FILE_INFECTED.",
  },
  { name: "CLAMAV_PORT", defaultValue: "3310", doc: "TCP port of the ClamAV daemon." },
  { name: "NODE_ENV", defaultValue: "development", doc: "development, production or test." },
  {
    name: "PUBLIC_URL",
    defaultValue: "http://localhost:PORT",
    doc: "The address users reach the app at: links in mails, allowed Origin of state-changing requests. Required in production, with https:// (cookies are then Secure and HSTS is sent).",
  },
  {
    name: "JWT_SECRET",
    defaultValue: "generated into ./data",
    doc: "Secret for signing access tokens (≥ 32 characters). Required in production.",
  },
  {
    name: "DATA_KEYS",
    defaultValue: "generated into ./data",
    doc: "Keys that seal identity data and stored secrets: id:key[,id:key…], each key 32 bytes in base64 (openssl rand -base64 32); the first writes, all read (rotation: docs/security.md). Required in production.",
  },
  {
    name: "SMTP_URL",
    defaultValue: "unset → dev outbox",
    doc: "SMTP server for mail (smtp://user:pass@host:port). Required in production.",
  },
  {
    name: "SMS_PROVIDER_URL",
    defaultValue: "unset → dev outbox",
    doc: "HTTP endpoint of the SMS provider (two-factor codes). Required in production.",
  },
  {
    name: "DEV_OUTBOX",
    defaultValue: "on outside production",
    doc: "Keep sent mail and SMS in an outbox readable at GET /api/dev/outbox. Never available in production.",
  },
  {
    name: "TRUST_PROXY",
    defaultValue: "off",
    doc: "Reverse proxies whose X-Forwarded-For is believed, so per-address limits see the client: a comma-separated list of their addresses or networks (10.0.0.1,172.16.0.0/12; loopback for one on the same host), or a hop count (1 = one proxy in front; only when nothing reaches the app past the proxies). Off: forwarding headers are ignored.",
  },
  {
    name: "API_DOCS",
    defaultValue: "on outside production",
    doc: "Serve the OpenAPI document at /api/docs/json and its UI at /api/docs. In production only with API_DOCS=true.",
  },
  {
    name: "BENCH_ROUTES",
    defaultValue: "off",
    doc: "Serve /api/bench/*, which `npm run bench` measures the API against (a kept answer behind the session check, an anonymous call's kept answer without one, the SQL the app runs). Never available in production.",
  },
  {
    name: "METRICS_TOKEN",
    defaultValue: "unset → no /metrics",
    doc: "Serve Prometheus metrics at /metrics to a scraper that sends `Authorization: Bearer <token>` (≥ 32 characters): requests by route and status, latency, the database pool, the job queue, the process. Anyone else gets 404.",
  },
  { name: "LOG_LEVEL", defaultValue: "info", doc: "pino log level (silent in tests)." },
  {
    name: "LOG_FORMAT",
    defaultValue: "pretty on a terminal outside production, else json",
    doc: "json: one JSON object per line, for a log collector. pretty: one readable line per entry, for a person at a terminal.",
  },
  {
    name: "INACTIVITY_DEACTIVATION_DAYS",
    defaultValue: "365",
    doc: "A nightly job deactivates non-admin users who have not logged in for this many days (0 turns it off).",
  },
  {
    name: "STRONG_ID_ISSUER",
    defaultValue: "unset → signing by SMS code only",
    doc: "Issuer URL of the OpenID Connect broker of strong electronic identification (the Finnish Trust Network's bank IDs and mobile certificate), under the FTN OpenID Connect profile: the platform signs its requests and client assertions with OIDC_KEYS_FILE's signing key and reads ID tokens encrypted to its encryption key.",
  },
  {
    name: "STRONG_ID_CLIENT_ID",
    defaultValue: "unset",
    doc: "The platform's client id at the strong identification broker; required with STRONG_ID_ISSUER.",
  },
  {
    name: "STRONG_ID_IDENTITY_CODE_CLAIM",
    defaultValue: "personal_identity_code",
    doc: "The claim in which the broker returns the Finnish personal identity code (it is kept only as a keyed hash).",
  },
  {
    name: "OIDC_KEYS_FILE",
    defaultValue: "generated into ./data",
    doc: "JSON Web Key Set file of the platform's private keys for OpenID Connect: the first key with use sig signs, every key with use enc decrypts. Their public halves are published at /api/oidc/jwks. To rotate, put the new key first, wait for the brokers to fetch the set again, then remove the old one. Required in production with STRONG_ID_ISSUER.",
  },
  {
    name: "OIDC_ALLOW_HTTP",
    defaultValue: "off",
    doc: "Let OpenID Connect providers be reached over plain http, as the local test providers are. Never in production.",
  },
  {
    name: "SFTP_ALLOW_PRIVATE_HOSTS",
    defaultValue: "off",
    doc: "Let a company's payroll SFTP server be in a private network (loopback, 10/8, 172.16/12, 192.168/16, link-local, IPv6 unique-local), as the local test server is. Off, a company admin cannot make the platform connect inside its own network.",
  },
  {
    name: "TIMED_JOBS",
    defaultValue: "on",
    doc: "Run the jobs that start at a time of day or every few minutes (the payroll report, reminders, the daily digest, lease invoices, redemption offers, the leasing companies' decisions, inactivity, retention, the file sweep, the data rekey). The browser tests' servers turn them off, so that a journey's outcome never depends on the hour it runs at; the message outbox is still sent. Never off in production.",
  },
];

export type Config = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  /** 127.0.0.1 by default while the dev outbox is on, else 0.0.0.0. */
  host: string;
  /** postgres:// URL, or null for the embedded PGlite database. */
  databaseUrl: string | null;
  /** PGlite data folder, or "memory://" for an in-memory database. */
  pgliteDir: string;
  /** redis:// URL for the shared counters, or null to keep them in the database. */
  redisUrl: string | null;
  /** Folder of stored files' bytes, or "memory://"; used when `s3` is null. */
  filesDir: string;
  /** S3-compatible object storage for stored files' bytes, or null for `filesDir`. */
  s3: { bucket: string; endpoint: string | null; region: string; forcePathStyle: boolean } | null;
  /** The ClamAV daemon that scans uploads, or null for none. */
  clamav: { host: string; port: number } | null;
  demoSeed: boolean;
  publicUrl: string;
  jwtSecret: string;
  /** The data keys (src/server/data-keys.ts): the first seals and hashes, every one reads. */
  dataKeys: readonly DataKey[];
  smtpUrl: string | null;
  smsProviderUrl: string | null;
  devOutbox: boolean;
  /** Proxies whose forwarding headers set request.ip: a hop count or addresses/networks; false = none. */
  trustProxy: number | string[] | false;
  /** Serve /api/docs and /api/docs/json. */
  apiDocs: boolean;
  /** Serve /api/bench/* for `npm run bench`; never in production. */
  benchRoutes: boolean;
  /** The bearer token of /metrics; null: no metrics are served. */
  metricsToken: string | null;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** JSON lines for machines; readable lines for a person at a terminal. */
  logFormat: "json" | "pretty";
  /** Days without login after which the nightly job deactivates a non-admin user; 0 = never. */
  inactivityDeactivationDays: number;
  /** Where the built web app is served from. */
  webDistDir: string;
  /** The strong identification broker (FTN OpenID Connect profile), or null: SMS-code signing only. */
  strongId: { issuer: string; clientId: string; identityCodeClaim: string } | null;
  /** The platform's OpenID Connect private keys (a JWK set file), or null: generated in memory. */
  oidcKeysFile: string | null;
  /** Reach OpenID Connect providers over http (the local test providers); never in production. */
  oidcAllowHttp: boolean;
  /** Let payroll SFTP servers be in private networks (the local test server). */
  sftpAllowPrivateHosts: boolean;
  /** The jobs that start at a time of day (jobs/runner.ts); off only outside production. */
  timedJobs: boolean;
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads the secret kept in ./data, creating it on first start, so dev tokens survive restarts. */
function readOrCreateDevSecret(file: string, create = () => randomBytes(48).toString("base64url")): string {
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = create();
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** `terminal`: the log is read by a person at a terminal (standard output is one). */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  terminal = process.stdout.isTTY === true,
): Config {
  // Treat empty strings as unset, so `FOO= npm start` means the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  const problems: string[] = [];
  // Production refuses to start without what it needs to work safely (README.md "Configuration").
  if (production) {
    if (!e.JWT_SECRET) problems.push("JWT_SECRET: required when NODE_ENV=production");
    if (!e.DATA_KEYS) problems.push("DATA_KEYS: required when NODE_ENV=production");
    if (!e.PUBLIC_URL) {
      problems.push(
        "PUBLIC_URL: required when NODE_ENV=production (the https:// address users reach the app at)",
      );
    } else if (!e.PUBLIC_URL.startsWith("https://")) {
      // Secure cookies and HSTS follow from an https PUBLIC_URL.
      problems.push("PUBLIC_URL: must start with https:// when NODE_ENV=production");
    }
    if (!e.SMTP_URL)
      problems.push("SMTP_URL: required when NODE_ENV=production (password and sign-up mails)");
    if (!e.SMS_PROVIDER_URL) {
      problems.push("SMS_PROVIDER_URL: required when NODE_ENV=production (two-factor codes)");
    }
  }
  if (production && e.DEV_OUTBOX)
    problems.push("DEV_OUTBOX: the dev outbox is never available in production");
  if (production && e.BENCH_ROUTES)
    problems.push("BENCH_ROUTES: the benchmark's routes are never available in production");
  if (production && e.TIMED_JOBS === false)
    problems.push("TIMED_JOBS: the timed jobs always run in production");
  if (e.STRONG_ID_ISSUER && !e.STRONG_ID_CLIENT_ID)
    problems.push("STRONG_ID_CLIENT_ID: required with STRONG_ID_ISSUER");
  if (production && e.STRONG_ID_ISSUER && !e.OIDC_KEYS_FILE)
    problems.push("OIDC_KEYS_FILE: required with STRONG_ID_ISSUER when NODE_ENV=production");
  if (production && e.OIDC_ALLOW_HTTP)
    problems.push("OIDC_ALLOW_HTTP: OpenID Connect providers are reached over https in production");
  if (problems.length > 0) throw new ConfigError(problems);

  const databaseUrl = e.DATABASE_URL ?? null;
  const devOutbox = !production && (e.DEV_OUTBOX ?? true);
  const inMemory = e.PGLITE_DIR === "memory://";
  const jwtSecret =
    e.JWT_SECRET ??
    (inMemory || e.NODE_ENV === "test"
      ? randomBytes(48).toString("base64url")
      : readOrCreateDevSecret("./data/jwt-secret"));
  const dataKeysText =
    e.DATA_KEYS ??
    (e.NODE_ENV === "test"
      ? TEST_DATA_KEYS
      : inMemory
        ? newDataKeyEntry("memory")
        : readOrCreateDevSecret("./data/data-keys", () => newDataKeyEntry("dev")));
  const dataKeys = parseDataKeys(dataKeysText);
  if ("problem" in dataKeys) throw new ConfigError([`DATA_KEYS: ${dataKeys.problem}`]);

  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    // The dev outbox hands out every code and link sent: keep it off the network unless HOST is set.
    host: e.HOST ?? (devOutbox ? "127.0.0.1" : "0.0.0.0"),
    databaseUrl,
    pgliteDir: e.PGLITE_DIR,
    redisUrl: e.REDIS_URL ?? null,
    filesDir: e.FILES_DIR,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT ?? null,
          region: e.S3_REGION,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
        }
      : null,
    clamav: e.CLAMAV_HOST ? { host: e.CLAMAV_HOST, port: e.CLAMAV_PORT } : null,
    demoSeed: !production && (e.DEMO_SEED ?? true),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    jwtSecret,
    dataKeys: dataKeys.keys,
    smtpUrl: e.SMTP_URL ?? null,
    smsProviderUrl: e.SMS_PROVIDER_URL ?? null,
    devOutbox,
    trustProxy: e.TRUST_PROXY ?? false,
    apiDocs: e.API_DOCS ?? !production,
    benchRoutes: !production && (e.BENCH_ROUTES ?? false),
    metricsToken: e.METRICS_TOKEN ?? null,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (production || !terminal ? "json" : "pretty"),
    inactivityDeactivationDays: e.INACTIVITY_DEACTIVATION_DAYS,
    webDistDir: "./dist/web",
    strongId:
      e.STRONG_ID_ISSUER && e.STRONG_ID_CLIENT_ID
        ? {
            issuer: e.STRONG_ID_ISSUER,
            clientId: e.STRONG_ID_CLIENT_ID,
            identityCodeClaim: e.STRONG_ID_IDENTITY_CODE_CLAIM,
          }
        : null,
    oidcKeysFile: e.OIDC_KEYS_FILE ?? (inMemory || e.NODE_ENV === "test" ? null : "./data/oidc-keys.json"),
    oidcAllowHttp: !production && (e.OIDC_ALLOW_HTTP ?? false),
    sftpAllowPrivateHosts: e.SFTP_ALLOW_PRIVATE_HOSTS ?? false,
    timedJobs: e.TIMED_JOBS ?? true,
  };
}

/** A config for tests: in-memory database, no demo data, silent logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig(
      {
        NODE_ENV: "test",
        PGLITE_DIR: "memory://",
        FILES_DIR: "memory://",
        LOG_LEVEL: "silent",
        DEMO_SEED: "0",
        // The tests' SFTP servers listen on 127.0.0.1; one test turns this off to see them refused.
        SFTP_ALLOW_PRIVATE_HOSTS: "1",
      },
      false,
    ),
    ...overrides,
  };
}
