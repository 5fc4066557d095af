import { chromium } from "@playwright/test";
const [,, url, out, scheme, selectorText] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.addInitScript((s) => { localStorage.setItem("pedaali-color-scheme", s); }, scheme);
await page.goto(url, { waitUntil: "networkidle" });
const el = page.getByRole("button", { name: selectorText, exact: true }).first().locator("xpath=../..");
await el.screenshot({ path: out });
await browser.close();
