import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

// `npm run screenshots`: the same server and browser as the end-to-end tests, for the screenshot specs.
export default defineConfig({ ...base, testDir: "tests/screenshots", retries: 0, reporter: [["list"]] });
