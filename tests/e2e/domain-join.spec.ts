import { DEMO_JOIN_DOMAIN, DEMO_JOIN_RULE_COMPANY } from "../../src/server/db/seed/seed-join-rule-demo.ts";
import { expect, test } from "./fixtures.ts";
import {
  csrfHeader,
  JOINER_PASSWORD,
  latestMailTo,
  logInThroughApi,
  seriousAxeViolations,
  watchConsole,
} from "./helpers.ts";

/**
 * A company that accepts its own domain's joiners (the demo's Demo Logistiikka Oy): a person joins by
 * the registration link with a work e-mail there, is asked to confirm the address, opens the mailed
 * link, confirms, and is in without waiting for the employer.
 */
test("a joiner with the company's own domain confirms the mailed link and is in at once", async ({
  page,
  request,
}) => {
  const problems = watchConsole(page);
  await logInThroughApi(request, "group.admin@demo.test");
  const user = (await (await request.get("/api/user")).json()) as {
    companies: { id: string; name: string }[];
  };
  const company = user.companies.find((c) => c.name === DEMO_JOIN_RULE_COMPANY);
  expect(company, JSON.stringify(user.companies)).toBeTruthy();
  const link = await request.post("/api/register-link/company", {
    data: { companyId: company?.id },
    headers: await csrfHeader(request),
  });
  expect(link.status(), await link.text()).toBe(200);
  const { token } = (await link.json()) as { token: string };
  const email = `liittyja.${Date.now().toString(36)}@${DEMO_JOIN_DOMAIN}`;

  await page.goto(`/liity/${token}`);
  await page.getByLabel("Etunimi").fill("Veera");
  await page.getByLabel("Sukunimi").fill("Lahtinen");
  await page.getByLabel("Työsähköposti").fill(email);
  await page.getByLabel("Matkapuhelinnumero").fill("0405550177");
  await page.getByLabel(/^Salasana/).fill(JOINER_PASSWORD);
  await page.getByRole("button", { name: "Liity palveluun" }).click();
  await expect(page.getByText("Vahvista vielä sähköpostiosoitteesi")).toBeVisible();

  const mail = await latestMailTo(request, email);
  expect(mail.subject).toContain(DEMO_JOIN_RULE_COMPANY);
  const confirmPath = /\/vahvista-liittyminen\/[\w-]+/.exec(mail.text)?.[0];
  expect(confirmPath, mail.text).toBeTruthy();
  await page.goto(confirmPath as string);
  await expect(page.getByRole("heading", { name: "Vahvista liittyminen" })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Vahvista ja liity" }).click();
  await expect(page.getByText("Olet mukana")).toBeVisible();
  await expect(page.getByText(`Liityit yrityksen ${DEMO_JOIN_RULE_COMPANY} polkupyöräetuun`)).toBeVisible();
  expect(problems).toEqual([]);
});
