import { describe, expect, it } from "vitest";
import { codesInSms, findSecrets, maskSecret, tokensInMail } from "../e2e/log-secrets.ts";

// The search the e2e run makes in its servers' logs (tests/e2e/log-secrets-check.ts).

const TOKEN = "Zq3_kP9-xW2mN8vB4cL7rT1yH6jF5dS0aQ2eU9iO3pG";
const line = (fields: Record<string, unknown>) =>
  JSON.stringify({ level: 30, time: 1_700_000_000_000, pid: 1, hostname: "vm", ...fields });

/** Lines as the server writes them, none with a secret. */
const CLEAN = [
  line({
    reqId: "e29b2b58-77c6-4bd1-a2d4-ad4f08733170",
    req: { method: "GET", url: "/assets/employer-page-BPIIQOqI.js", remotePort: 57980 },
    msg: "incoming request",
  }),
  // A file of the build whose name is as long as a token.
  line({ req: { url: "/assets/employer-page-Tilaukset-BPIIQOqI.js" }, msg: "incoming request" }),
  line({
    reqId: "test-request-0001",
    res: { statusCode: 200 },
    responseTime: 12.123456,
    msg: "request completed",
  }),
  line({ req: { url: "/reset/[redacted]" }, msg: "incoming request" }),
  line({ module: "messaging", channel: "SMS", to: "+358 40 *** **67", msg: "SMS kept in the dev outbox" }),
  line({ hash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", orderNumber: 123456 }),
].join("\n");

describe("the search for secrets in a server log", () => {
  it("finds nothing in lines that hold none", () => {
    expect(findSecrets(CLEAN, [{ kind: "code sent by SMS", value: "123457" }])).toEqual([]);
  });

  it("finds each kind of secret and names its line", () => {
    const log = [
      line({ msg: "incoming request" }),
      line({ body: { email: "employee@demo.test", secret: "Pedaali2026!" } }),
      line({ cookie: "accessToken=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl" }),
      line({ req: { url: `/pyoraliike/paketti/${TOKEN}` } }),
      line({ msg: "verification code 654321 sent" }),
      line({ person: "131052-308T" }),
      line({ newPassword: "Kolme iloista polkupyörää" }),
    ].join("\n");
    const found = findSecrets(log, [
      { kind: "demo password", value: "Pedaali2026!" },
      { kind: "code sent by SMS", value: "654321" },
    ]);
    expect(found.map((f) => [f.line, f.kind])).toEqual([
      [2, "demo password"],
      [3, "JWT (access token)"],
      [4, "random token (cookie, CSRF or link)"],
      [5, "code sent by SMS"],
      [6, "personal identity code (henkilötunnus)"],
      [7, "password field"],
    ]);
    expect(found.map((f) => f.preview).join(" ")).not.toMatch(/Pedaali2026!|654321|131052-308T|Kolme/);
  });

  it("finds a known secret URL-encoded too", () => {
    expect(
      findSecrets(line({ url: "/x?p=Pedaali2026%21" }), [{ kind: "demo password", value: "Pedaali2026!" }]),
    ).toEqual([{ line: 1, kind: "demo password", preview: maskSecret("Pedaali2026!") }]);
  });

  it("takes an identity code only with a check character that agrees", () => {
    expect(findSecrets(line({ ref: "131052-308U" }), [])).toEqual([]);
  });
});

describe("what the dev outbox tells of the secrets sent", () => {
  it("reads the code of an SMS", () => {
    expect(codesInSms("Pedaali: vahvistuskoodisi on 012345. Koodi on voimassa 5 minuuttia.")).toEqual([
      "012345",
    ]);
  });

  it("reads the token of a mailed link, not the ids or the page names", () => {
    const mail = [
      `Aseta salasana: http://localhost:3210/reset/${TOKEN}`,
      "Raportti: http://localhost:3210/raportointi?yritys=0b7f2a4e-3c1d-4e5f-8a9b-1c2d3e4f5a6b&kausi=2026-05",
      "Liity: http://localhost:3210/sv/liity/demo-oy-rekisterointilinkki",
      "Oma pyörä: http://localhost:3210/runkonumero-ja-toimitus-ohje",
    ].join("\n");
    expect(tokensInMail(mail)).toEqual([TOKEN, "demo-oy-rekisterointilinkki"]);
  });
});
