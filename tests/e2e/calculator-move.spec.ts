import { expect, test } from "./fixtures.ts";

/**
 * Leaving the calculator on a slow phone: the page is loaded in full, the reader types a salary and at
 * once follows a header link. The calculator writes its inputs into its own address a moment after the
 * typing stops; on a slow CPU that moment falls while the move is still on its way, and the move must
 * still end on the next page, with that page's own address. Repeated, since the timing varies.
 */

const ROUNDS = 3;

test("a move from the calculator to another page finishes on a slow CPU, right after typing", async ({
  page,
}) => {
  // A full load of the calculator on a slowed CPU takes seconds of its own on a busy machine.
  test.setTimeout(ROUNDS * 40_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  for (let round = 1; round <= ROUNDS; round++) {
    await page.goto("/laskuri");
    await page.getByLabel(/^Bruttopalkka kuukaudessa/).fill(String(3000 + round * 111));
    await page.getByRole("banner").getByRole("link", { name: "Työnantajalle", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 }), `round ${round}`).toHaveText("Työnantajalle");
    // The calculator's inputs stay on its own address, not on the next page's.
    await expect(page, `round ${round}`).toHaveURL(/\/tyonantajalle$/);
  }
});
