import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toCsv } from "../../src/domain/csv.ts";
import { expect, test } from "./fixtures.ts";
import { latestMailTo, seriousAxeViolations, submitCredentials, watchConsole } from "./helpers.ts";

/**
 * An employer's HR brings its staff in from a file: the first file has a malformed e-mail, the preview
 * names its row, a second file fixes it, the import adds the people, the invitations go out, and an
 * invited person sets their password from the mail and logs in to their ready account: the employer
 * then sees them as joined.
 */

const ADMIN = "employer.admin@demo.test";

test("HR previews a file with an error, imports the fixed one, invites, and sees an invited employee join", async ({
  loggedInAs,
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await (await loggedInAs(ADMIN)).newPage();
  const problems = watchConsole(page);
  const stamp = Date.now().toString(36);
  const people = [1, 2, 3].map((n) => ({
    first: "Tuotu",
    last: `Henkilö${n}`,
    email: `tuonti.${stamp}.${n}@demo.test`,
  }));
  const header = ["Etunimi", "Sukunimi", "Työsähköposti", "Kustannuspaikka"];
  const rows = people.map((p) => [p.first, p.last, p.email, "KP-300"]);
  const dir = mkdtempSync(join(tmpdir(), "pedaali-staff-"));
  const broken = join(dir, "henkilosto-1.csv");
  const fixed = join(dir, "henkilosto-2.csv");
  writeFileSync(
    broken,
    toCsv([header, rows[0] ?? [], ["Tuotu", "Virhe", "ei-osoite", "KP-300"], ...rows.slice(1)]),
  );
  writeFileSync(fixed, toCsv([header, ...rows]));
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/tyonantaja?valilehti=lisaa");
    const section = page.locator("section", {
      has: page.getByRole("heading", { level: 2, name: "Tuo työntekijät tiedostosta" }),
    });
    await section.locator('input[type="file"]').setInputFiles(broken);
    await section.getByRole("button", { name: "Esikatsele" }).click();
    const errors = section.getByRole("table", { name: "Tiedoston virheet" });
    await expect(errors.getByRole("row", { name: /3.*Sähköpostiosoite ei kelpaa/ })).toBeVisible();
    await expect(section.getByRole("button", { name: "Tuo työntekijät" })).toBeDisabled();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The fixed file: no errors, three new people.
    await section.locator('input[type="file"]').setInputFiles(fixed);
    await section.getByRole("button", { name: "Esikatsele" }).click();
    await expect(
      section.getByText("Uusia työntekijöitä 3, muuttuvia 0, ennallaan 0, päättyviä työsuhteita 0."),
    ).toBeVisible();
    await section.getByRole("button", { name: "Tuo työntekijät" }).click();
    await expect(section.getByText("Työntekijät tuotiin")).toBeVisible();

    // The invitations: the three are among those not invited yet; all of them are invited at once.
    const joining = page.locator("section", {
      has: page.getByRole("heading", { level: 2, name: "Kutsut palveluun" }),
    });
    const person = (n: number) => joining.getByRole("row", { name: new RegExp(people[n - 1]?.email ?? "-") });
    await expect(person(1)).toContainText("Ei kutsuttu");
    await joining.getByRole("button", { name: /^Kutsu kaikki kutsumattomat/ }).click();
    await expect(person(1)).toContainText("Kutsuttu");

    // The first invited person opens the mail's link, sets a password and is in their ready account.
    const mail = await latestMailTo(page.request, people[0]?.email ?? "");
    const link = /\/reset\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    const invited = await (await browser.newContext()).newPage();
    await invited.goto(link ?? "/");
    const password = "Kolme iloista polkupyörää";
    await invited.getByLabel(/^Uusi salasana/).fill(password);
    await invited.getByLabel(/^Vahvista salasana/).fill(password);
    await invited.getByRole("button", { name: "Tallenna salasana" }).click();
    await invited.getByRole("link", { name: "Kirjaudu sisään" }).click();
    await submitCredentials(invited, people[0]?.email ?? "", password);
    await expect(invited).toHaveURL("/mybike");
    await invited.context().close();

    // Joined: no longer among those waiting.
    await page.reload();
    await expect(person(2)).toContainText("Kutsuttu");
    await expect(person(1)).toHaveCount(0);
    expect(problems).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
