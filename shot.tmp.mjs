import { chromium } from "@playwright/test";
const [,, url, out, scheme = "light", width = "1440", height = "900", full = "1"] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: +width, height: +height } });
await page.addInitScript((s) => { localStorage.setItem("pedaali-color-scheme", s); localStorage.setItem("pedaali-cookie-consent", JSON.stringify({necessary:true})); }, scheme);
await page.goto(url, { waitUntil: "networkidle" });
await page.waitForTimeout(500);
await page.screenshot({ path: out, fullPage: full === "1" });
await browser.close();
