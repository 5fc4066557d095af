import type { BrowserContext } from "@playwright/test";
import { openPage } from "../screenshots/pages.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Every role's main pages fit a 390 px phone in Finnish, English and Swedish: the document never
 * scrolls sideways (a longer Swedish or English label must not widen the page, and a table's total must
 * not sit past the edge). layout.spec.ts checks every landing page at 375 px in Finnish; this one walks
 * the pages with the widest content (the payroll export's format settings, /mybike's package and
 * payments, the store's and the helpdesk's order pages) in each language. One test per role.
 */

const WIDTH = 390;
const HEIGHT = 844;
const LANGUAGES = ["fi", "en", "sv"] as const;

/** The path in a language: Finnish without a prefix, the others under /en or /sv (docs/product.md "Screens"). */
const inLanguage = (lng: (typeof LANGUAGES)[number], path: string) =>
  lng === "fi" ? path : `/${lng}${path}`;

/**
 * Problems of the pages in every language: the document scrolls sideways; and on `wholeOnScreen` pages,
 * any text sits past the screen's right edge, even in a box of its own that scrolls (a package's total
 * there is out of sight on a phone).
 */
async function sidewaysScroll(
  context: BrowserContext,
  paths: readonly string[],
  { wholeOnScreen = false }: { wholeOnScreen?: boolean } = {},
): Promise<string[]> {
  const page = await context.newPage();
  await page.setViewportSize({ width: WIDTH, height: HEIGHT });
  const problems: string[] = [];
  for (const lng of LANGUAGES) {
    for (const path of paths) {
      const at = inLanguage(lng, path);
      await openPage(page, at);
      const { scrollWidth, clientWidth, widest } = await page.evaluate((textOnly: boolean) => {
        const root = document.documentElement;
        // The element reaching furthest right, to name the culprit in the failure.
        let widest = "";
        let right = root.clientWidth;
        for (const el of document.body.querySelectorAll("*")) {
          const box = el.getBoundingClientRect();
          // A text's own element, not a box around it: the box may be wider while its text fits.
          const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? "").trim());
          if (box.right > right + 0.5 && box.width > 0 && (!textOnly || ownText)) {
            right = box.right;
            widest = `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? `.${el.className.split(" ")[0]}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
          }
        }
        return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest };
      }, wholeOnScreen);
      if (scrollWidth > clientWidth)
        problems.push(`${at}: scrollWidth ${scrollWidth} > ${clientWidth} (${widest})`);
      else if (wholeOnScreen && widest) problems.push(`${at}: text past the screen's edge: ${widest}`);
    }
  }
  await page.close();
  return problems;
}

// Each language's pages load anew with their data: minutes on a busy machine.
test.describe.configure({ timeout: 240_000 });

test("employee: /mybike with its package and payments fits 390 px in fi, en and sv", async ({
  loggedInAs,
}) => {
  const context = await loggedInAs("employee@demo.test");
  expect(await sidewaysScroll(context, ["/mybike"], { wholeOnScreen: true })).toEqual([]);
});

test("employer admin: the portal's tabs, the company settings with the payroll export and the reports fit 390 px in fi, en and sv", async ({
  loggedInAs,
}) => {
  const context = await loggedInAs("employer.admin@demo.test");
  expect(
    await sidewaysScroll(context, [
      "/tyonantaja?valilehti=tilaukset",
      "/yritys-asetukset",
      "/raportointi?nakyma=palkkaraportti",
    ]),
  ).toEqual([]);
});

test("bike store: its orders and payouts fit 390 px in fi, en and sv", async ({ loggedInAs }) => {
  const context = await loggedInAs("myyja@vauhti.test");
  expect(await sidewaysScroll(context, ["/pyoraliike", "/pyoraliike?valilehti=tilitykset"])).toEqual([]);
});

test("helpdesk: the applications and an order's page fit 390 px in fi, en and sv", async ({ loggedInAs }) => {
  const employee = await loggedInAs("employee@demo.test");
  const mine = (await (await employee.request.get("/api/orders/my")).json()) as {
    items: { orderId: string }[];
  };
  const orderId = mine.items[0]?.orderId;
  expect(orderId).toBeTruthy();
  const context = await loggedInAs("helpdesk@pedaali.test");
  expect(await sidewaysScroll(context, ["/admin/hakemukset", `/admin/hakemukset/tilaus/${orderId}`])).toEqual(
    [],
  );
});

test("anonymous: the calculator with its result and the public pages fit 390 px in fi, en and sv", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL: baseURL ?? "" });
  // The calculator's result tiles carry the longest figures with their unit ("€107.81 per month").
  expect(await sidewaysScroll(context, ["/laskuri", "/tyonantajalle"])).toEqual([]);
  await context.close();
});
