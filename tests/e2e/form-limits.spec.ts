import { expect, test } from "./fixtures.ts";
import { joinByLink } from "./helpers.ts";

/**
 * The limits and cross-field rules a form says before the server could refuse it: an employee's dates
 * against each other and the day the person joined, the contract's text lengths, the first field in
 * error taking focus, and money read by the one parser (the maximum named, a minus never dropped).
 */

const ADMIN = "employer.admin@demo.test";

/** A field's description that says `text` (the error comes before the field's hint). */
const said = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);

/** Today's Helsinki date as the screens write it (dd.mm.yyyy). */
function todayFi(): string {
  const [year, month, day] = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Helsinki" })
    .format(new Date())
    .split("-");
  return `${day}.${month}.${year}`;
}

test("accepting a join request checks the dates against the day the person joined and each other, before any call", async ({
  loggedInAs,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // A join request of this test's own, so the demo's waiting requests stay as other specs expect them.
  const stamp = Date.now()
    .toString(36)
    .slice(-5)
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "a");
  const api = await playwright.request.newContext({ baseURL: baseURL ?? "" });
  const { name } = await joinByLink(api, "Raja", `Päiväys${stamp}`);
  await api.dispose();

  const page = await (await loggedInAs(ADMIN)).newPage();
  const decisions: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/decide")) decisions.push(request.url());
  });
  await page.goto("/tyonantaja");
  await page.getByRole("button", { name: `Hyväksy ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Hyväksy liittymispyyntö: ${name}` });

  const lastDay = dialog.getByLabel("Viimeinen työpäivä");
  // The hint says what an empty field means, in words, without the stored placeholder date.
  await expect(lastDay).toHaveAccessibleDescription("Jätä tyhjäksi, jos työsuhde jatkuu toistaiseksi.");
  const number = dialog.getByLabel("Henkilönumero");
  // The limit shows as soon as the text passes it; nothing pasted is cut away.
  await number.fill("7".repeat(300));
  await expect(number).toHaveAccessibleDescription(/Enintään 50 merkkiä/);
  expect(await number.inputValue()).toHaveLength(300);
  await number.fill("7".repeat(50));

  const trial = dialog.getByLabel("Koeaika päättyy");
  // Past days, yet plausible ones (src/domain/plausible-dates.ts): before the day the person joined.
  const thisYear = new Date().getFullYear();
  await trial.fill(`${thisYear - 2}-03-01`);
  await lastDay.fill(`${thisYear - 3}-12-31`);
  await dialog.getByRole("button", { name: "Hyväksy työntekijä" }).click();
  const joined = todayFi();
  await expect(trial).toHaveAccessibleDescription(
    said(`Koeaika ei voi päättyä ennen päivää, jona henkilö liittyi etuun (${joined}).`),
  );
  await expect(lastDay).toHaveAccessibleDescription(
    said(`Viimeinen työpäivä ei voi olla ennen päivää, jona henkilö liittyi etuun (${joined}).`),
  );

  // Within the employment, the last working day is still not before the trial period ends.
  const next = new Date().getFullYear() + 1;
  await trial.fill(`${next}-06-30`);
  await lastDay.fill(`${next}-03-31`);
  await dialog.getByRole("button", { name: "Hyväksy työntekijä" }).click();
  await expect(lastDay).toHaveAccessibleDescription(
    said(`Viimeinen työpäivä ei voi olla ennen koeajan päättymistä (30.06.${next}).`),
  );
  await expect(trial).toHaveAccessibleDescription("Jätä tyhjäksi, jos koeaikaa ei ole.");

  await dialog.getByRole("button", { name: "Peruuta" }).click();
  await expect(dialog).toHaveCount(0);
  expect(decisions).toEqual([]);
});

test("the contact form says its fields' limits as they are passed and focuses the first field in error", async ({
  page,
}) => {
  await page.goto("/ota-yhteytta");
  const form = page.getByRole("form", { name: "Yhteydenottolomake" });
  const name = form.getByLabel(/^Nimi/);

  await form.getByRole("button", { name: "Lähetä viesti" }).click();
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription("Tämä tieto on pakollinen");

  // With the first fields filled, the focus goes to the first one still in error.
  await name.fill("a".repeat(500));
  await expect(name).toHaveAccessibleDescription(/Enintään 200 merkkiä/);
  await name.fill("Aino Virtanen");
  await form.getByLabel(/^Sähköpostiosoite/).fill("aino@example.fi");
  await form.getByRole("button", { name: "Lähetä viesti" }).click();
  await expect(form.getByLabel(/^Aihe/)).toBeFocused();
});

test("the calculator names a price's maximum, refuses a negative one and keeps the commitment day in its hint", async ({
  page,
}) => {
  await page.goto("/laskuri");
  const price = page.getByLabel(/^Pyörän hinta/);
  await price.fill("999 999 999");
  await expect(price).toHaveAccessibleDescription(/Summa voi olla enintään 50\s000\s€/);
  await expect(page.getByLabel(/^Edusta sovittu/)).toHaveAccessibleDescription(
    /Tyhjänä: \d{1,2}\.\d{1,2}\.\d{4}\./,
  );
  await price.fill("-500");
  await expect(price).toHaveValue("-500");
  await expect(price).toHaveAccessibleDescription(/Summa ei voi olla negatiivinen/);
  await expect(page.getByText(/Täytä merkityt kentät/)).toBeVisible();
  await price.fill("2490");
  await expect(price).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/Täytä merkityt kentät/)).toHaveCount(0);
});
