// The production build on the embedded database with the demo data, for the scripts that measure it in a
// browser (scripts/lighthouse.mjs, scripts/second-visit.mjs), and a demo user's login for them.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

const DEMO_PASSWORD = "Pedaali2026!";

/** The first page of each signed-in area, with the demo user who opens it. */
export const SIGNED_IN_PAGES = [
  { name: "employer (logged in)", path: "/tyonantaja", loginAs: "employer.admin@demo.test" },
  { name: "employee (logged in)", path: "/mybike", loginAs: "employee@demo.test" },
  { name: "helpdesk (logged in)", path: "/admin", loginAs: "helpdesk@pedaali.test" },
  { name: "bike store (logged in)", path: "/pyoraliike", loginAs: "myyja@vauhti.test" },
];

/** A port nobody listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function startServer(port, dataDir) {
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: { ...process.env, PORT: String(port), PGLITE_DIR: join(dataDir, "pglite"), LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // The address the server takes for its own (PUBLIC_URL's default): logins check the Origin against it.
  const base = `http://localhost:${port}`;
  const startedAt = Date.now();
  while (Date.now() - startedAt < 600_000) {
    if (child.exitCode !== null) throw new Error(`the server ended with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health-check`)).ok) return { child, base };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error("the server did not answer within 600 s");
}

/**
 * Logs in through the API (with the two-factor step's development code) and answers the session's
 * cookies. The page needs them in the browser itself, not only as a request header: the app reads its
 * session cookie to know someone is logged in.
 */
export async function loginCookies(base, email) {
  const cookies = new Map();
  const post = async (path, body) => {
    const res = await fetch(base + path, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: base,
        // The two-factor step finds its login by the cookie the login set.
        cookie: [...cookies.values()].map((c) => `${c.name}=${c.value}`).join("; "),
      },
      body: JSON.stringify(body),
    });
    for (const setCookie of res.headers.getSetCookie()) {
      const [pair, ...attributes] = setCookie.split(";").map((part) => part.trim());
      const at = pair.indexOf("=");
      const pathAttribute = attributes.find((a) => a.toLowerCase().startsWith("path="));
      const cookiePath = pathAttribute ? pathAttribute.slice(5) : "/";
      cookies.set(pair.slice(0, at), {
        name: pair.slice(0, at),
        value: pair.slice(at + 1),
        url: base + cookiePath,
      });
    }
    return res;
  };
  const login = await post("/api/login", { email, password: DEMO_PASSWORD });
  if (login.status === 202) {
    const { devCode } = await login.json();
    const verify = await post("/api/verify", { email, code: devCode });
    if (verify.status !== 200) throw new Error(`two-factor step for ${email}: ${verify.status}`);
  } else if (login.status !== 200) {
    throw new Error(`login as ${email}: ${login.status} ${await login.text()}`);
  }
  return [...cookies.values()];
}

/** Stops the server and removes its database's folder. */
export async function stopServer(server, dataDir) {
  server.child.kill("SIGTERM");
  await new Promise((r) => server.child.on("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
