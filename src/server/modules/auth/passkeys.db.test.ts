import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import {
  newHelpdeskUser,
  passwordStepOf,
  setUpAuthenticator,
} from "../../../../tests/helpers/authenticator.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { softwareAuthenticator } from "../../../../tests/helpers/webauthn.ts";
import { zPasskey, zPasskeys } from "../../../contract/passkeys.ts";
import { testConfig } from "../../config.ts";
import { eventLog } from "../../db/schema/index.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo-data.ts";

const t = setupTestApp({}, { demoData: true });
const api = apiCaller(t);
const URL = "/api/account/passkeys";
/** The test app's PUBLIC_URL, the relying party the browser's answers are made for. */
const origin = () => testConfig().publicUrl;

let nextUser = 0;
/** A helpdesk user of this test's own, with an authenticator app in use. */
async function staffWithApp(): Promise<string> {
  nextUser += 1;
  const email = `tuki.avain${nextUser}@pedaali.test`;
  await newHelpdeskUser(t.database.db, email);
  await setUpAuthenticator(api, email);
  return email;
}

async function addPasskey(email: string, name = "Työkannettava") {
  const key = softwareAuthenticator(origin());
  const options = await api.call("POST", `${URL}/options`, email, { currentPassword: DEMO_PASSWORD });
  expect(options.statusCode, options.body).toBe(200);
  const added = await api.call("POST", URL, email, { name, response: key.register(options.json()) });
  expect(added.statusCode, added.body).toBe(201);
  return { key, passkey: zPasskey.parse(added.json()) };
}

const passwordStep = (email: string) => passwordStepOf(t.app, email);

const verifyPasskey = (email: string, cookie: string, response: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/verify/passkey",
    headers: { cookie },
    payload: { email, response },
  });

describe("a staff user's passkeys", () => {
  it("are added with the current password beside the app, and then answer the login's second step", async () => {
    const email = await staffWithApp();
    expectError(await api.call("POST", `${URL}/options`, email, { currentPassword: "wrong" }), 403);
    const { key, passkey } = await addPasskey(email);
    expect(passkey.name).toBe("Työkannettava");
    expect(zPasskeys.parse((await api.call("GET", URL, email)).json()).passkeys).toEqual([passkey]);

    const step = await passwordStep(email);
    expect(step.challenge.method).toBe("AUTHENTICATOR");
    const options = step.challenge.passkeyOptions as {
      challenge: string;
      allowCredentials: { id: string }[];
    };
    expect(options.allowCredentials.map((c) => c.id)).toEqual([key.id]);
    const answer = key.authenticate(options);
    const loggedIn = await verifyPasskey(email, step.cookie, answer);
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    expect(loggedIn.cookies.some((c) => c.name === "accessToken" || c.name.includes("access"))).toBe(true);

    // The same answer again, on a new login: another challenge, so it is refused.
    const again = await passwordStep(email);
    expectError(await verifyPasskey(email, again.cookie, answer), 400, "VERIFICATION_FAILED");
    // An answer signed for another site is refused too.
    const phished = key.authenticate(
      again.challenge.passkeyOptions as { challenge: string },
      "https://pedaali.example.net",
    );
    expectError(await verifyPasskey(email, again.cookie, phished), 400, "VERIFICATION_FAILED");
    const events = await t.database.db.select().from(eventLog).where(eq(eventLog.type, "USER_PASSKEY_ADDED"));
    expect(events.length).toBeGreaterThan(0);
  });

  it("answer only for their owner", async () => {
    const owner = await staffWithApp();
    const other = await staffWithApp();
    const { key } = await addPasskey(owner);
    await addPasskey(other, "Puhelin");
    const step = await passwordStep(other);
    const answer = key.authenticate(step.challenge.passkeyOptions as { challenge: string });
    expectError(await verifyPasskey(other, step.cookie, answer), 400, "VERIFICATION_FAILED");
    // A login without passkeys offers none, and a passkey answer to it is wrong.
    const noKeys = await staffWithApp();
    const plain = await passwordStep(noKeys);
    expect(plain.challenge.passkeyOptions).toBeUndefined();
    expectError(await verifyPasskey(noKeys, plain.cookie, answer), 400, "VERIFICATION_FAILED");
  });

  it("come beside an app in use, from options asked for first, and are removed with the password", async () => {
    const email = `tuki.ilman${Date.now()}@pedaali.test`;
    await newHelpdeskUser(t.database.db, email);
    expectError(
      await api.call("POST", `${URL}/options`, email, { currentPassword: DEMO_PASSWORD }),
      409,
      "AUTHENTICATOR_NOT_IN_USE",
    );
    const withApp = await staffWithApp();
    const key = softwareAuthenticator(origin());
    const unasked = key.register({ challenge: "bm90LWFza2Vk" });
    expectError(
      await api.call("POST", URL, withApp, { name: "Avain", response: unasked }),
      409,
      "PASSKEY_NOT_STARTED",
    );
    await api.call("POST", `${URL}/options`, withApp, { currentPassword: DEMO_PASSWORD });
    expectError(
      await api.call("POST", URL, withApp, { name: "Avain", response: unasked }),
      400,
      "VERIFICATION_FAILED",
    );
    expectError(await api.call("POST", URL, withApp, { name: "", response: {} }), 400, "VALIDATION_ERROR");

    const { passkey } = await addPasskey(withApp);
    expectError(await api.call("DELETE", `${URL}/${passkey.id}`, withApp, { currentPassword: "wrong" }), 403);
    expect(
      (await api.call("DELETE", `${URL}/${passkey.id}`, withApp, { currentPassword: DEMO_PASSWORD }))
        .statusCode,
    ).toBe(200);
    expectError(
      await api.call("DELETE", `${URL}/${passkey.id}`, withApp, { currentPassword: DEMO_PASSWORD }),
      404,
    );
    expect((await passwordStep(withApp)).challenge.passkeyOptions).toBeUndefined();
  });

  it("are for staff only", async () => {
    expectError(await api.call("GET", URL, "employer.admin@demo.test"), 403);
    expectError(
      await api.call("POST", `${URL}/options`, "employee@demo.test", { currentPassword: DEMO_PASSWORD }),
      403,
    );
    expectError(await api.call("GET", URL, null), 401);
  });
});
