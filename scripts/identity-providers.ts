import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { generateKeySet } from "../src/server/oidc/platform-keys.ts";
import { LOCAL_CLIENT_ID, LOCAL_CLIENT_SECRET } from "../tests/e2e/servers.ts";
import {
  FTN_LOA_HIGH,
  FTN_LOA_SUBSTANTIAL,
  startCompanyIdentityProvider,
  startStrongIdBroker,
} from "../tests/helpers/identity-providers.ts";

/**
 * `npm run identity-providers`: the two OpenID Connect providers the tests use, on this machine, for
 * trying strong identification and single sign-on by hand and for the browser journeys. A strong
 * identification broker that requires the FTN profile (port 3401) and a company's identity provider
 * (port 3402), each with a page listing the demo people to identify as.
 *
 * Start the app against them (README, "Strong identification and single sign-on on this machine"):
 *   STRONG_ID_ISSUER=http://127.0.0.1:3401 STRONG_ID_CLIENT_ID=pedaali-local OIDC_ALLOW_HTTP=1 npm start
 * and give a company the provider in the admin area: issuer http://127.0.0.1:3402, client id
 * pedaali-local, client secret local-provider-secret.
 *
 * --app: the app's addresses (repeatable; default http://localhost:3000). The first publishes the keys
 * the broker checks the app's requests with. --keys-file: a key set to make for the apps to share
 * (OIDC_KEYS_FILE), when several app servers answer behind the one broker client. --broker-port and
 * --company-port: 0 takes ports the system picks, so that test runs side by side never meet (the
 * browser journeys do so); the two addresses are printed either way, once both answer.
 */

const { values } = parseArgs({
  options: {
    app: { type: "string", multiple: true, default: ["http://localhost:3000"] },
    "keys-file": { type: "string" },
    "broker-port": { type: "string", default: "3401" },
    "company-port": { type: "string", default: "3402" },
  },
});

const apps = values.app as string[];
const keysFile = values["keys-file"];
if (keysFile && !existsSync(keysFile)) {
  mkdirSync(dirname(keysFile), { recursive: true });
  writeFileSync(keysFile, JSON.stringify(await generateKeySet()), { mode: 0o600 });
}

/** The demo people as their banks know them (names as in the demo data; identity codes fictional). */
const BANK_PEOPLE = {
  emilia: {
    name: "Emilia Sofia Laine",
    given_name: "Emilia Sofia",
    family_name: "Laine",
    birthdate: "1993-06-15",
    personal_identity_code: "150693-214D",
    acr: FTN_LOA_SUBSTANTIAL,
  },
  laura: {
    name: "Laura Nieminen",
    given_name: "Laura",
    family_name: "Nieminen",
    birthdate: "1981-04-07",
    personal_identity_code: "070481A312P",
    acr: FTN_LOA_HIGH,
  },
  villeHamalainen: {
    name: "Ville Johannes Hämäläinen",
    given_name: "Ville Johannes",
    family_name: "Hämäläinen",
    birthdate: "1988-05-24",
    personal_identity_code: "240588-916S",
    acr: FTN_LOA_HIGH,
  },
  /** Someone else: a signature with his identification is refused. */
  villeVirtanen: {
    name: "Ville Virtanen",
    given_name: "Ville",
    family_name: "Virtanen",
    birthdate: "1952-10-13",
    personal_identity_code: "131052-308T",
    acr: FTN_LOA_SUBSTANTIAL,
  },
};

/** The demo company's staff as its own directory knows them. */
const COMPANY_PEOPLE = {
  laura: {
    name: "Laura Nieminen",
    given_name: "Laura",
    family_name: "Nieminen",
    email: "employer.admin@demo.test",
    email_verified: true,
  },
  emilia: {
    name: "Emilia Laine",
    given_name: "Emilia",
    family_name: "Laine",
    email: "employee@demo.test",
    email_verified: true,
  },
};

const broker = await startStrongIdBroker({
  clientId: LOCAL_CLIENT_ID,
  redirectUris: apps.map((app) => `${app}/api/identification/callback`),
  jwksUri: `${apps[0]}/api/oidc/jwks`,
  people: BANK_PEOPLE,
  port: Number(values["broker-port"]),
});
const company = await startCompanyIdentityProvider({
  clientId: LOCAL_CLIENT_ID,
  clientSecret: LOCAL_CLIENT_SECRET,
  redirectUris: apps.map((app) => `${app}/api/auth/sso/callback`),
  people: COMPANY_PEOPLE,
  port: Number(values["company-port"]),
});
console.info(`Strong identification broker: ${broker.issuer}`);
console.info(`Company identity provider:    ${company.issuer}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void Promise.all([broker.close(), company.close()]).then(() => process.exit(0));
  });
}
