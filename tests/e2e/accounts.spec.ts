import { expect, test } from "./fixtures.ts";
import {
  createJoinToken,
  enterDevCode,
  expectAccessibleAtEveryWidthAndTheme,
  latestMailTo,
  logInThroughPage,
  submitCredentials,
  uniqueEmail,
  watchConsole,
} from "./helpers.ts";

/**
 * The accounts issue end to end on the built app with the demo data (README.md "Demo users"): login by
 * role with the dev outbox's code, guards, deactivated users, the phone step, logout, password reset and
 * joining by a registration link.
 */

const ROLES = [
  { email: "employee@demo.test", home: "/mybike", withCode: false },
  { email: "employer.admin@demo.test", home: "/tyonantaja", withCode: true },
  { email: "employer.editor@demo.test", home: "/tyonantaja", withCode: true },
  { email: "group.admin@demo.test", home: "/tyonantaja", withCode: true },
  { email: "reporting@demo.test", home: "/raportointi", withCode: true },
  { email: "admin@pedaali.test", home: "/admin", withCode: true },
  { email: "helpdesk@pedaali.test", home: "/admin", withCode: true },
] as const;

for (const role of ROLES) {
  test(`${role.email} logs in${role.withCode ? " with the code shown on screen" : ""} and lands on ${role.home}`, async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await page.goto("/kirjaudu");
    await logInThroughPage(page, role.email, { withCode: role.withCode });
    await expect(page).toHaveURL(role.home);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    if (role.home === "/admin") {
      // docs/product.md "Screens": no header on admin paths (the admin area brings its own frame).
      await expect(page.getByRole("banner")).toHaveCount(0);
    } else {
      // The user menu shows the first name; the anonymous login link is gone.
      await expect(page.getByRole("button", { name: /käyttäjävalikko/ })).toBeVisible();
      await expect(page.getByRole("link", { name: "Kirjaudu", exact: true })).toHaveCount(0);
    }
    expect(problems).toEqual([]);
  });
}

test("the admin area's code arrives in the employer and admin areas' chunk once an admin logs in", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname);
  });
  await page.goto("/kirjaudu");
  await logInThroughPage(page, "admin@pedaali.test", { withCode: true });
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ylläpito");
  // The heading comes first with the page's HTML (features/admin/admin-first-view.tsx), the code after.
  await expect.poll(() => scripts.some((path) => /admin-page/.test(path))).toBe(true);
});

test("a user without the role who opens /admin goes to /ei-oikeuksia", async ({ page }) => {
  await page.goto("/kirjaudu");
  await logInThroughPage(page, "employee@demo.test");
  await expect(page).toHaveURL("/mybike");
  await page.goto("/admin");
  await expect(page).toHaveURL("/ei-oikeuksia");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ei käyttöoikeutta");
  await page.goto("/tyonantaja");
  await expect(page).toHaveURL("/ei-oikeuksia");
});

test("an anonymous visit to /tyonantaja goes to /kirjaudu and, after login, back", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/tyonantaja?tab=add");
  await expect(page).toHaveURL("/kirjaudu?next=%2Ftyonantaja%3Ftab%3Dadd");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kirjaudu sisään");
  await submitCredentials(page, "employer.editor@demo.test");
  await enterDevCode(page);
  await expect(page).toHaveURL("/tyonantaja?tab=add");
  expect(problems).toEqual([]);
});

test("deactivated@demo.test lands on /deactivated with an empty menu and the contact details", async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.goto("/kirjaudu");
  await submitCredentials(page, "deactivated@demo.test");
  await expect(page).toHaveURL("/deactivated");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tili on poistettu käytöstä");
  const header = page.getByRole("banner");
  await expect(header).toBeVisible();
  await expect(header.getByRole("link", { name: "Kirjaudu", exact: true })).toHaveCount(0);
  await expect(page.getByRole("main")).toContainText("info@pedaali.fi");
  await expect(page.getByRole("main")).toContainText("+358 9 4242 0000");
  await expect(page.getByRole("contentinfo")).toBeVisible();
  // The login call answered 403 on purpose; Chromium logs that response.
  expect(problems.filter((p) => !p.includes("status of 403"))).toEqual([]);
});

test("twofactor@demo.test is asked for a phone number first, then for the code", async ({ page }) => {
  await page.goto("/kirjaudu");
  await submitCredentials(page, "twofactor@demo.test");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anna puhelinnumerosi");
  await page.getByLabel("Matkapuhelinnumero").fill("12345");
  await page.getByRole("button", { name: "Lähetä vahvistuskoodi" }).click();
  await expect(page.getByText("Puhelinnumeron muotoa ei tueta")).toBeVisible();
  await page.getByLabel("Matkapuhelinnumero").fill("040 555 0199");
  await page.getByRole("button", { name: "Lähetä vahvistuskoodi" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kaksivaiheinen tunnistautuminen");
  // The number in the step's words; the development code shown beside them may hold the same digits.
  await expect(page.getByText(/numeroon (\+35840|040)/)).toBeVisible();
  await enterDevCode(page);
  await expect(page).toHaveURL("/tyonantaja");
});

test("a wrong password reads as a sentence in Finnish", async ({ page }) => {
  await page.goto("/kirjaudu");
  await submitCredentials(page, "employee@demo.test", "not the password");
  await expect(page.getByRole("alert")).toContainText(
    "Sähköpostiosoite tai salasana on väärin. Tarkista ne ja yritä uudelleen.",
  );
  await expect(page).toHaveURL("/kirjaudu");
});

test("logging out from the user menu lands on / and ends the session", async ({ page }) => {
  await page.goto("/kirjaudu");
  await logInThroughPage(page, "employee@demo.test");
  await expect(page).toHaveURL("/mybike");
  await page.getByRole("button", { name: /käyttäjävalikko/ }).click();
  await expect(page.getByText("employee@demo.test")).toBeVisible();
  await page.getByRole("button", { name: "Kirjaudu ulos" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "Kirjaudu", exact: true })).toBeVisible();
  expect((await page.request.get("/api/user")).status()).toBe(401);
});

test("/kirjaudu-ulos logs out and lands on /", async ({ page }) => {
  await page.goto("/kirjaudu");
  await logInThroughPage(page, "reporting@demo.test", { withCode: true });
  await expect(page).toHaveURL("/raportointi");
  await page.goto("/kirjaudu-ulos");
  await expect(page).toHaveURL("/");
  expect((await page.request.get("/api/user")).status()).toBe(401);
});

test("password reset end to end: request, mail, new password, login", async ({
  page,
  playwright,
  baseURL,
}) => {
  // A user of its own (joined by link), so no demo user's password changes for the other tests.
  const api = await playwright.request.newContext({ baseURL: baseURL ?? "" });
  const token = await createJoinToken(api);
  const email = uniqueEmail("e2e.reset");
  const joined = await api.post("/api/register/employee", {
    data: {
      token,
      firstName: "Reija",
      lastName: "Resetti",
      email,
      phoneNumber: "0405550177",
      password: "vanha salasana joka unohtui",
      language: "fi",
    },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  await api.dispose();

  await page.goto("/kirjaudu");
  await page.getByRole("link", { name: "Unohditko salasanasi?" }).click();
  await expect(page).toHaveURL("/salasanan-palauttaminen");
  // The address changes as the navigation starts, and until the new page has rendered the login page,
  // with its own e-mail field, stays on screen: a field filled then is the login page's.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Salasanan palauttaminen");
  await page.getByLabel("Sähköpostiosoite").fill(email);
  await page.getByRole("button", { name: "Lähetä linkki" }).click();
  await expect(page.getByText("Tarkista sähköpostisi")).toBeVisible();

  const mail = await latestMailTo(page.request, email);
  const link = /\/reset\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  await page.goto(link ?? "/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aseta uusi salasana");
  const newPassword = "Kolme iloista polkupyörää";
  const password = page.getByLabel(/^Uusi salasana/);
  await password.fill("lyhyt");
  await expect(page.locator('[data-state="unmet"]').first()).toBeVisible();
  await password.fill(newPassword);
  await expect(page.locator('[data-state="unmet"]')).toHaveCount(0);
  await page.getByLabel(/^Vahvista salasana/).fill(newPassword);
  await page.getByRole("button", { name: "Tallenna salasana" }).click();
  await expect(page.getByText("Salasana tallennettu")).toBeVisible();
  await page.getByRole("link", { name: "Kirjaudu sisään" }).click();
  await expect(page).toHaveURL("/kirjaudu");
  await submitCredentials(page, email, newPassword);
  await expect(page).toHaveURL("/mybike");
});

test("joining by a registration link end to end, then logging in as the new employee", async ({
  page,
  playwright,
  baseURL,
}) => {
  const problems = watchConsole(page);
  const api = await playwright.request.newContext({ baseURL: baseURL ?? "" });
  const token = await createJoinToken(api);
  await api.dispose();

  const email = uniqueEmail("e2e.join");
  const password = "Aurinkoinen pyöräretki 2026";
  await page.goto(`/liity/${token}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Liity palveluun");
  await expect(page.getByText(/Demo Oy/)).toBeVisible();
  await page.getByLabel("Etunimi").fill("Jussi");
  await page.getByLabel("Sukunimi").fill("Liittyjä");
  await page.getByLabel("Työsähköposti").fill(email);
  await page.getByLabel("Matkapuhelinnumero").fill("040 555 0188");
  await page.getByLabel(/^Salasana/).fill(password);
  await page.getByRole("button", { name: "Liity palveluun" }).click();
  await expect(page.getByText("Kiitos, rekisteröityminen on vastaanotettu")).toBeVisible();
  await page.getByRole("link", { name: "Kirjaudu sisään" }).click();
  await expect(page).toHaveURL("/kirjaudu");
  await submitCredentials(page, email, password);
  await expect(page).toHaveURL("/mybike");
  expect(problems).toEqual([]);
});

test("own details: save the name and the phone, refuse a bad number, switch the theme", async ({ page }) => {
  await page.goto("/kirjaudu");
  await logInThroughPage(page, "employee@demo.test");
  await expect(page).toHaveURL("/mybike");
  await page.goto("/kayttaja");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Omat tiedot");

  const personal = page.getByRole("region", { name: "Henkilötiedot" });
  const firstName = personal.getByLabel("Etunimi");
  const original = await firstName.inputValue();
  await firstName.fill(`${original}-Testi`);
  await personal.getByRole("button", { name: "Tallenna henkilötiedot" }).click();
  await expect(personal.getByText("Tiedot tallennettu.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("region", { name: "Henkilötiedot" }).getByLabel("Etunimi")).toHaveValue(
    `${original}-Testi`,
  );
  await page.getByRole("region", { name: "Henkilötiedot" }).getByLabel("Etunimi").fill(original);
  await page.getByRole("button", { name: "Tallenna henkilötiedot" }).click();

  const phone = page.getByRole("region", { name: "Puhelinnumero" });
  await phone.getByLabel("Matkapuhelinnumero").fill("123");
  await phone.getByRole("button", { name: "Tallenna puhelinnumero" }).click();
  await expect(phone.getByText("Puhelinnumeron muotoa ei tueta")).toBeVisible();
  await expect(phone.getByLabel("Matkapuhelinnumero")).toHaveValue("123");
  await phone.getByLabel("Matkapuhelinnumero").fill("050 555 0110");
  await phone.getByRole("button", { name: "Tallenna puhelinnumero" }).click();
  await expect(phone.getByText("Tiedot tallennettu.")).toBeVisible();

  const appearance = page.getByRole("region", { name: "Ulkoasu" });
  await appearance.getByText("Tumma").click();
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  await expect(appearance.getByText("Tiedot tallennettu.")).toBeVisible();
  await appearance.getByText("Vaalea").click();
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
});

test("/kayttaja asks an anonymous visitor to log in first", async ({ page }) => {
  await page.goto("/kayttaja");
  await expect(page).toHaveURL("/kirjaudu?next=%2Fkayttaja");
});

/*
 * The account screens in both themes, each loaded once and checked where it stands: no serious axe
 * violation and nothing wider than the window, at the browser's own desktop size.
 */
const DESKTOP = { widths: [1280], height: 720 } as const;

test("/liity with a too short password passes axe in both themes", async ({ page, playwright, baseURL }) => {
  const problems = watchConsole(page);
  const api = await playwright.request.newContext({ baseURL: baseURL ?? "" });
  const token = await createJoinToken(api);
  await api.dispose();
  await page.goto(`/liity/${token}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Liity palveluun");
  await page.getByLabel(/^Salasana/).fill("lyhyt");
  await expect(page.locator('[data-state="unmet"]').first()).toBeVisible();
  await expectAccessibleAtEveryWidthAndTheme(page, "/liity", DESKTOP);
  expect(problems).toEqual([]);
});

for (const path of ["/salasanan-palauttaminen", "/register"]) {
  test(`${path} passes axe in both themes`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessibleAtEveryWidthAndTheme(page, path, DESKTOP);
    expect(problems).toEqual([]);
  });
}

// The login page itself is checked as it loads in smoke.spec.ts, at 375 and 1280 px in both themes.
test("the login page's code step passes axe in both themes", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/kirjaudu");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kirjaudu sisään");
  await submitCredentials(page, "group.admin@demo.test");
  await expect(page.getByTestId("dev-code")).toBeVisible();
  await expectAccessibleAtEveryWidthAndTheme(page, "the code step", DESKTOP);
  expect(problems).toEqual([]);
});

test("/kayttaja and its user menu pass axe in both themes", async ({ loggedInAs }) => {
  const page = await (await loggedInAs("group.admin@demo.test")).newPage();
  const problems = watchConsole(page);
  await page.goto("/kayttaja");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Omat tiedot");
  await expectAccessibleAtEveryWidthAndTheme(page, "/kayttaja", DESKTOP);

  await page.getByRole("button", { name: /käyttäjävalikko/ }).click();
  const logOut = page.getByRole("button", { name: "Kirjaudu ulos" });
  await expect(logOut).toBeVisible();
  await expectAccessibleAtEveryWidthAndTheme(page, "the user menu", DESKTOP);
  // Still open: both themes were checked with the menu on the screen.
  await expect(logOut).toBeVisible();
  expect(problems).toEqual([]);
});

test("/deactivated passes axe in both themes", async ({ loggedInAs }) => {
  const page = await (await loggedInAs("group.admin@demo.test")).newPage();
  const problems = watchConsole(page);
  await page.goto("/deactivated");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tili on poistettu käytöstä");
  await expectAccessibleAtEveryWidthAndTheme(page, "/deactivated", DESKTOP);
  expect(problems).toEqual([]);
});
