import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import helmet, { contentSecurityPolicy } from "helmet";
import type { DestinationStream } from "pino";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import { type Counters, createCounters } from "./counters.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { fileStoreFromConfig } from "./files/configured-file-store.ts";
import type { FileStore } from "./files/file-store.ts";
import { startOutboxSender } from "./jobs/message-outbox.ts";
import { registerJobRunner } from "./jobs/runner.ts";
import { createMessaging } from "./messaging/messaging.ts";
import type { Messaging } from "./messaging/types.ts";
import { accountRoutes } from "./modules/account/routes.ts";
import { adminRoutes } from "./modules/admin/routes.ts";
import { authenticatorRoutes } from "./modules/auth/authenticator-routes.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { benchRoutes } from "./modules/bench/routes.ts";
import { bikeStoreRoutes } from "./modules/bike-stores/routes.ts";
import { billingTablesRoutes } from "./modules/billing-tables/routes.ts";
import { brokerageRoutes } from "./modules/brokerage/routes.ts";
import { calculatorRoutes } from "./modules/calculator/routes.ts";
import { companiesRoutes } from "./modules/companies/routes.ts";
import { contactFormsRoutes } from "./modules/contact-forms/routes.ts";
import { devOutboxRoutes } from "./modules/dev-outbox/routes.ts";
import { employeeImportRoutes } from "./modules/employee-import/routes.ts";
import { employeesRoutes } from "./modules/employees/routes.ts";
import { handoverRoutes } from "./modules/handovers/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { identificationRoutes } from "./modules/identification/routes.ts";
import { singleSignOnRoutes } from "./modules/identification/sso-routes.ts";
import { insuranceClaimsRoutes } from "./modules/insurance-claims/routes.ts";
import { invoicesRoutes } from "./modules/invoices/routes.ts";
import { leaseInvoiceRoutes } from "./modules/lease-invoices/routes.ts";
import { leasingDecisionRoutes } from "./modules/leasing/decision-routes.ts";
import { leasingRoutes } from "./modules/leasing/routes.ts";
import { notificationPreferencesRoutes } from "./modules/notification-preferences/routes.ts";
import { messageOutboxRoutes } from "./modules/notifications/outbox-routes.ts";
import { notificationsRoutes } from "./modules/notifications/routes.ts";
import { orderCancellationsRoutes } from "./modules/order-cancellations/routes.ts";
import { orderAcceptanceRoutes } from "./modules/orders/acceptance-routes.ts";
import { orderProcessingRoutes } from "./modules/orders/processing-routes.ts";
import { ordersRoutes } from "./modules/orders/routes.ts";
import { passwordRoutes } from "./modules/password/routes.ts";
import { payrollDeliveryRoutes } from "./modules/payroll-delivery/routes.ts";
import { personAccessRoutes } from "./modules/person-access/routes.ts";
import { personalDataRoutes } from "./modules/personal-data/routes.ts";
import { redemptionsRoutes } from "./modules/redemptions/routes.ts";
import { registrationRoutes } from "./modules/registration/routes.ts";
import { reminderSettingsRoutes } from "./modules/reminder-settings/routes.ts";
import { reportingRoutes } from "./modules/reporting/routes.ts";
import { rolesRoutes } from "./modules/roles/routes.ts";
import { scimRoutes } from "./modules/scim/routes.ts";
import { scimTokenRoutes } from "./modules/scim/token-routes.ts";
import { signedDocumentsRoutes } from "./modules/signed-documents/routes.ts";
import { storeAccountRoutes } from "./modules/store-accounts/routes.ts";
import { storeLinksRoutes } from "./modules/store-links/routes.ts";
import { storePayoutsRoutes } from "./modules/store-payouts/routes.ts";
import { systemUsersRoutes } from "./modules/system-users/routes.ts";
import { taxTablesRoutes } from "./modules/tax-tables/routes.ts";
import { userPaymentsRoutes } from "./modules/user-payments/routes.ts";
import { vatRoutes } from "./modules/vat/routes.ts";
import { whatsNewRoutes } from "./modules/whats-new/routes.ts";
import { createOidc } from "./oidc/oidc-context.ts";
import { registerAuth } from "./plugins/auth.ts";
import { clientErrorAnswer, frameworkErrorAnswer, registerErrorHandlers } from "./plugins/errors.ts";
import { registerGracefulStop } from "./plugins/graceful-stop.ts";
import { registerIdempotency } from "./plugins/idempotency.ts";
import { registerMetrics } from "./plugins/metrics.ts";
import { named } from "./plugins/named.ts";
import { registerOpenApi } from "./plugins/openapi.ts";
import { loadPrerenderedPages } from "./plugins/prerendered-pages.ts";
import { requestForLog } from "./plugins/request-log.ts";
import { sharedRateLimitStore } from "./plugins/shared-rate-limit.ts";
import { registerSpa } from "./plugins/spa.ts";

export type BuildAppDeps = {
  /** A database opened by the caller (tests pass a fresh PGlite); otherwise opened from config. */
  database?: Database;
  /** The shared counters; by default on Redis (REDIS_URL) or the database. */
  counters?: Counters;
  /** Where log lines go (tests read them); standard output otherwise. */
  logStream?: DestinationStream;
  /** Stored files (tests pass the run's folder of seeded files); otherwise built from config. */
  files?: FileStore;
  /** Mail and SMS sending (tests may pass a recording one); otherwise built from config. */
  messaging?: Messaging;
  /** Run the scheduled jobs (pg-boss) while the app is up: main.ts sets it; tests only when they ask. */
  jobs?: boolean;
  /**
   * Send what a commit queued right after it (the default). Tests of the outbox's own sending, its
   * retries and the person's choices turn it off, to see each message queued and send it themselves.
   */
  sendAfterCommit?: boolean;
};

/**
 * Fastify 5 takes a bare hop count as "trust nobody" (it cannot check the peer); TRUST_PROXY=n means
 * the n nearest hops are proxies, which a trust function says in proxy-addr's terms.
 */
function trustProxyOption(trust: Config["trustProxy"]) {
  return typeof trust === "number" ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * The log as a person at a terminal reads it: one line per entry, its time and level first, without the
 * process fields a log collector wants. Written as it comes, so the start's banner follows the log's lines.
 * Loaded only then: production writes JSON.
 */
async function readableLog(): Promise<DestinationStream> {
  const { default: pretty } = await import("pino-pretty");
  return pretty({ sync: true, singleLine: true, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" });
}

/** The API's route plugins, each under /api, in the order they are registered. */
const API_ROUTES = [
  healthRoutes,
  authRoutes,
  systemUsersRoutes,
  rolesRoutes,
  passwordRoutes,
  registrationRoutes,
  accountRoutes,
  notificationPreferencesRoutes,
  personalDataRoutes,
  authenticatorRoutes,
  identificationRoutes,
  singleSignOnRoutes,
  contactFormsRoutes,
  calculatorRoutes,
  taxTablesRoutes,
  billingTablesRoutes,
  vatRoutes,
  leasingRoutes,
  adminRoutes,
  companiesRoutes,
  scimTokenRoutes,
  payrollDeliveryRoutes,
  reminderSettingsRoutes,
  leaseInvoiceRoutes,
  notificationsRoutes,
  messageOutboxRoutes,
  personAccessRoutes,
  employeesRoutes,
  employeeImportRoutes,
  reportingRoutes,
  bikeStoreRoutes,
  ordersRoutes,
  orderAcceptanceRoutes,
  signedDocumentsRoutes,
  orderProcessingRoutes,
  leasingDecisionRoutes,
  invoicesRoutes,
  storeLinksRoutes,
  storePayoutsRoutes,
  storeAccountRoutes,
  handoverRoutes,
  // After the sale (decision 009)
  orderCancellationsRoutes,
  insuranceClaimsRoutes,
  redemptionsRoutes,
  userPaymentsRoutes,
  whatsNewRoutes,
  brokerageRoutes,
];

/**
 * Builds the whole app: used by main.ts and by every API test. Closing the app closes the database
 * it opened (a database passed in is the caller's to close).
 */
export async function buildApp(config: Config, deps: BuildAppDeps = {}): Promise<FastifyInstance> {
  const ownsDatabase = !deps.database;
  const database = deps.database ?? (await openDatabase(config));

  const logStream = deps.logStream ?? (config.logFormat === "pretty" ? await readableLog() : undefined);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      // Credentials never reach the logs: not the headers, nor a link's token in a request's URL.
      serializers: { req: requestForLog },
      redact: {
        paths: [
          "req.headers.authorization",
          "req.headers.cookie",
          'req.headers["x-csrf-token"]',
          'res.headers["set-cookie"]',
        ],
        censor: "[redacted]",
      },
    },
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // request.ip keys every per-address limit: forwarding headers count only from configured proxies.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorAnswer,
    clientErrorHandler: clientErrorAnswer,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  registerGracefulStop(app);
  if (ownsDatabase) app.addHook("onClose", () => database.close());

  registerErrorHandlers(app);
  // Helmet's headers, its policy parsed once: the Fastify plugin built the middleware again on every request.
  const policy = {
    defaultSrc: ["'self'"],
    // Scripts only from the app's own files. A prerendered public page, and the app's shell, also run
    // the one head script the build wrote into them, allowed by its hash on that page alone
    // (plugins/prerendered-pages.ts, plugins/spa.ts).
    scriptSrc: ["'self'"],
    // Mantine sets inline styles.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", "data:"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: config.publicUrl.startsWith("https://") ? [] : null,
  };
  const securityHeaders = helmet({
    contentSecurityPolicy: { directives: policy },
    strictTransportSecurity: config.publicUrl.startsWith("https://"),
    // Agrees with frame-ancestors 'none' for browsers that know only the older header.
    frameguard: { action: "deny" },
  });
  const policyWithScripts = (hashes: string[]) =>
    contentSecurityPolicy({ directives: { ...policy, scriptSrc: [...policy.scriptSrc, ...hashes] } });
  app.addHook("onRequest", (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  // Before the compression: an answer is kept under its Idempotency-Key as the JSON the serializer wrote.
  registerIdempotency(app, database.db);
  // An answer up to 64 KB (a list page is 10–40 KB) is compressed in one call: through a zlib stream
  // of its own, setting the stream up cost three times the compressing (16 KB: 360 µs against 120)
  // and took a sixth of a loaded server's time. Larger answers and files still stream.
  await app.register(compress, { global: true, threshold: 1024, syncThreshold: 64 * 1024 });
  await app.register(cookie);
  const counters = deps.counters ?? createCounters(database, config.redisUrl);
  app.addHook("onClose", () => counters.close());
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(counters) });
  // Off in production unless API_DOCS=true: then /api/docs and /api/docs/json are the JSON 404.
  if (config.apiDocs) await registerOpenApi(app);

  const messaging =
    deps.messaging ??
    createMessaging({ config, db: database.db, log: app.log.child({ module: "messaging" }) });
  const files = deps.files ?? (await fileStoreFromConfig(config));
  // A store the app made is closed with it; one passed in belongs to the caller.
  if (!deps.files) app.addHook("onClose", () => files.close());
  const ctx: AppContext = { config, database, messaging, counters, files, oidc: createOidc(config) };
  // The message outbox's rows leave right after their commit; the close waits for the tries under way.
  const outboxSender = startOutboxSender({
    enabled: deps.sendAfterCommit ?? true,
    db: database.db,
    messaging,
    publicUrl: config.publicUrl,
    serverSecret: config.jwtSecret,
    log: app.log.child({ module: "message-outbox" }),
  });
  // onClose hooks run last-registered first: after every preClose (the password mails still being
  // prepared), before the database this app owns closes.
  app.addHook("onClose", () => outboxSender.close());
  registerAuth(app, ctx);
  if (config.metricsToken) registerMetrics(app, ctx, config.metricsToken);
  if (deps.jobs) registerJobRunner(app, ctx);
  const apiRoutes = [
    ...API_ROUTES,
    // Never registered in production (config refuses DEV_OUTBOX there): the path is a plain 404.
    ...(config.devOutbox ? [devOutboxRoutes] : []),
    // Never registered in production either (config refuses BENCH_ROUTES there).
    ...(config.benchRoutes ? [benchRoutes] : []),
  ];
  await app.register(
    named(async (api) => {
      for (const routes of apiRoutes) await api.register(named(routes), { ctx });
    }, "api"),
    { prefix: "/api" },
  );
  // The company identity providers' SCIM endpoint: its own address, its own auth and error body.
  await app.register(named(scimRoutes), { ctx });

  await registerSpa(app, config.webDistDir, {
    devPages: config.nodeEnv !== "production",
    pages: loadPrerenderedPages(config.webDistDir, config.publicUrl, policyWithScripts),
    policyWith: policyWithScripts,
    publicUrl: config.publicUrl,
  });
  return app;
}
