import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { csrfHeader, JOINER_PASSWORD, joinByLink, logInThroughApi } from "./helpers.ts";

/**
 * Everyone hears of an order's steps by mail, in their own language, and each mail's button leads to
 * where they act: the store gives the package by its mailed link → the employee opens the mail that
 * says the package is ready, accepts it and signs → each approver gets the mail that the order waits
 * for them, and the employer editor who takes approvals by mail opens it and approves (the employer
 * admin reads approvals in her daily digest, so no mail of her own comes) → the employee's mail says so
 * and /mybike shows the approved order. Once with an employee who reads Finnish and once with one who reads
 * Swedish; the approver reads Finnish in both. The mails are read from the dev outbox, where the
 * outbox sends them right after the change that queued them.
 */

// A store without an account: it works by its mailed links.
const STORE_EMAIL = "myynti@kallionpyorapaja.test";
const STORE_NAME = "Kallion Pyöräpaja";
// The editor who may approve and takes the approvals by mail; the admin chose the daily digest.
const APPROVER = "hr@demo.test";
const DIGEST_READER = "employer.admin@demo.test";

type Mail = { subject: string | null; text: string };

/** The employee's words, per language: the mails' subjects and /mybike's buttons and states. */
const EMPLOYEE_WORDS = {
  fi: {
    packageReady: (n: string) => `Pyöräpakettisi on valmis tarkistettavaksi (tilaus ${n})`,
    approved: (n: string) => `Työnantajasi hyväksyi tilauksesi ${n}`,
    accept: "Hyväksy paketti",
    requestCode: "Lähetä vahvistuskoodi",
    code: "Vahvistuskoodi",
    sign: "Allekirjoita leasingsopimus",
    signed: "Leasingsopimus allekirjoitettu",
    awaitingEmployer: "Tilaus odottaa vielä työnantajasi hyväksyntää.",
    confirmed: "Asiakaspalvelu lähettää sopimuksen rahoitusyhtiölle",
  },
  sv: {
    packageReady: (n: string) => `Ditt cykelpaket är klart att granska (beställning ${n})`,
    approved: (n: string) => `Din arbetsgivare godkände din beställning ${n}`,
    accept: "Godkänn paketet",
    requestCode: "Skicka verifieringskoden",
    code: "Verifieringskod",
    sign: "Underteckna leasingavtalet",
    signed: "Leasingavtalet undertecknat",
    awaitingEmployer: "Beställningen väntar ännu på din arbetsgivares godkännande.",
    confirmed: "Kundtjänst skickar avtalet till finansieringsbolaget",
  },
} as const;

/** The dev outbox's newest mail to `to` whose subject is `subject`, waited for as the outbox sends it. */
async function mailTo(api: APIRequestContext, to: string, subject: (s: string) => boolean): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await api.get(`/api/dev/outbox?to=${encodeURIComponent(to)}&channel=EMAIL`);
        const { items } = (await response.json()) as { items: Mail[] };
        found = items.find((mail) => subject(mail.subject ?? ""));
        return found !== undefined;
      },
      { message: `a mail to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found as Mail;
}

/** The path and query of the mail's link that matches `pattern` (the server's public address aside). */
function linkIn(mail: Mail, pattern: RegExp): string {
  const found = mail.text.match(pattern)?.[0];
  expect(found, `no link ${pattern} in: ${mail.text}`).toBeDefined();
  const url = new URL(found ?? "", "http://x");
  return `${url.pathname}${url.search}`;
}

for (const language of ["fi", "sv"] as const) {
  test(`the store, the employee (${language}) and the approver each hear of the order's step by mail and act from its link`, async ({
    browser,
    playwright,
    baseURL,
    loggedInAs,
  }) => {
    test.setTimeout(90_000);
    const words = EMPLOYEE_WORDS[language];
    const stamp = Date.now()
      .toString(36)
      .slice(-5)
      .replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "a");
    const api = await playwright.request.newContext({ baseURL: baseURL ?? "" });

    // A new employee of Demo Oy, reading `language`, joins by link and the employer accepts them.
    const lastName = `Viesti${language}${stamp}`;
    const joiner = await joinByLink(api, "Alva", lastName, language);
    const employeeName = `Alva ${lastName}`;
    const listed = await api.get(
      `/api/beneficiary-employee/employeesOptimizedList?search=${encodeURIComponent(lastName)}`,
    );
    const { employees } = (await listed.json()) as { employees: { beneficiaryEmployeeId: string }[] };
    const decided = await api.post(
      `/api/beneficiary-employee/${employees[0]?.beneficiaryEmployeeId}/decide`,
      {
        data: { decision: "ACCEPTED" },
        headers: await csrfHeader(api),
      },
    );
    expect(decided.status(), await decided.text()).toBe(200);

    // The employee has started an order at the store (the order journey walks that step on the page).
    const employeeContext = await browser.newContext({ baseURL: baseURL ?? "" });
    await logInThroughApi(employeeContext.request, joiner.email, JOINER_PASSWORD);
    const stores = (await (await employeeContext.request.get("/api/bike-stores/minimal")).json()) as {
      bikeStores: { bikeStoreId: string; storeName: string }[];
    };
    const storeId = stores.bikeStores.find((s) => s.storeName === STORE_NAME)?.bikeStoreId;
    const started = await employeeContext.request.post("/api/orders", {
      data: { bikeStoreId: storeId, deliveryMethod: "PICKUP" },
      headers: await csrfHeader(employeeContext.request),
    });
    expect(started.status(), await started.text()).toBe(201);
    const { orderId, orderNumber } = (await started.json()) as { orderId: string; orderNumber: number };
    const n = String(orderNumber);

    // 1. The store opens the link in its mail and gives the package.
    const storeMail = await mailTo(api, STORE_EMAIL, (subject) => subject.includes(n));
    const store = await (await browser.newContext({ baseURL: baseURL ?? "" })).newPage();
    await store.goto(linkIn(storeMail, /\/pyoraliike\/paketti\/[A-Za-z0-9_-]+/));
    const line = store.getByRole("group", { name: "Rivi 1" });
    await line.getByLabel("Nimi").fill("Helkama E-Pulse");
    await line.getByLabel("Merkki").fill("Helkama");
    await line.getByLabel("Yksikköhinta (€, sis. ALV)").fill("2890,00");
    await store.getByRole("button", { name: "Tallenna paketti" }).click();
    await expect(store.getByText("Paketti on tallennettu")).toBeVisible();

    // 2. The employee's mail, in their language, leads to /mybike in it: they accept and sign.
    const packageMail = await mailTo(api, joiner.email, (subject) => subject === words.packageReady(n));
    const myBikeLink = linkIn(packageMail, /https?:\/\/\S+?\/(?:[a-z]{2}\/)?mybike\b/);
    expect(myBikeLink).toBe(language === "fi" ? "/fi/mybike" : "/sv/mybike");
    const employee = await employeeContext.newPage();
    await employee.goto(myBikeLink);
    await employee.getByRole("button", { name: words.accept }).click();
    await employee.getByRole("button", { name: words.requestCode }).click();
    const code = employee.getByTestId("dev-code");
    await expect(code).toHaveText(/^\d{6}$/);
    await employee.getByLabel(words.code).fill((await code.textContent()) ?? "");
    await employee.getByRole("button", { name: words.sign }).click();
    await expect(employee.getByText(words.signed)).toBeVisible();
    await expect(employee.getByText(words.awaitingEmployer)).toBeVisible();

    // 3. The approver's mail names the order and the employee, and opens the order to decide on.
    const approverMail = await mailTo(
      api,
      APPROVER,
      (subject) => subject === `Tilaus ${n} odottaa hyväksyntääsi: ${employeeName}`,
    );
    const digestReaderMails = await api.get(
      `/api/dev/outbox?to=${encodeURIComponent(DIGEST_READER)}&channel=EMAIL`,
    );
    const { items: digestReaderItems } = (await digestReaderMails.json()) as { items: Mail[] };
    expect(digestReaderItems.filter((mail) => mail.subject?.includes(n))).toEqual([]);
    const orderLink = linkIn(approverMail, /https?:\/\/\S+?\/tyonantaja\?\S+/);
    expect(orderLink).toBe(`/fi/tyonantaja?valilehti=tilaukset&tilaus=${orderId}`);
    const employer = await (await loggedInAs(APPROVER)).newPage();
    await employer.goto(orderLink);
    const drawer = employer.getByRole("dialog", { name: `Tilaus ${n}` });
    // The employer's area is a lazy chunk of its own, slow on its first visit on a busy machine.
    await expect(drawer.getByText("Helkama E-Pulse")).toBeVisible({ timeout: 30_000 });
    await drawer.getByRole("button", { name: "Hyväksy tilaus" }).click();
    const approval = employer.getByRole("dialog", { name: `Hyväksytäänkö henkilön ${employeeName} tilaus?` });
    await approval.getByRole("button", { name: "Hyväksy tilaus" }).click();
    await expect(employer.getByText(`Tilaus hyväksytty: ${employeeName}`)).toBeVisible();

    // 4. The employee's mail says the employer approved, and /mybike shows the order confirmed.
    const approvedMail = await mailTo(api, joiner.email, (subject) => subject === words.approved(n));
    expect(linkIn(approvedMail, /https?:\/\/\S+?\/(?:[a-z]{2}\/)?mybike\b/)).toBe(myBikeLink);
    await employee.reload();
    await expect(employee.getByText(words.confirmed)).toBeVisible();

    await api.dispose();
    await employeeContext.close();
  });
}
