import { MantineProvider } from "@mantine/core";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { ensurePageTexts, i18n, initI18n } from "../i18n/i18n.ts";
import { fillIn } from "../test/fill-in.ts";
import { PasswordRules } from "./password-rules.tsx";

beforeAll(async () => {
  await initI18n("fi");
  await ensurePageTexts("fi");
});

function Harness({ email }: { email?: string }) {
  const [password, setPassword] = useState("");
  return (
    <>
      <label>
        Salasana
        <input
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          aria-describedby="rules"
        />
      </label>
      <PasswordRules id="rules" password={password} email={email ?? null} />
    </>
  );
}

function renderRules(email?: string) {
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <Harness {...(email ? { email } : {})} />
      </MantineProvider>
    </I18nextProvider>,
  );
  return screen.getByLabelText("Salasana");
}

function states(): Record<string, string | null> {
  const list = screen.getByRole("list");
  return Object.fromEntries(
    within(list)
      .getAllByRole("listitem")
      .map((item) => [
        item.textContent?.replace(/ \((täyttyy|ei täyty)\)$/, "") ?? "",
        item.getAttribute("data-state"),
      ]),
  );
}

describe("the password rules (src/domain/password-rules.ts) as the user types", () => {
  it("start neutral, then follow every keystroke", async () => {
    const user = userEvent.setup();
    const input = renderRules();
    expect(screen.getByText("Salasanan vaatimukset")).toBeInTheDocument();
    expect(states()).toEqual({
      "Vähintään 12 merkkiä": "pending",
      "Ei yleisesti käytetty tai helposti arvattava salasana": "pending",
      "Ei pelkkää samaa merkkiä tai kahta merkkiä toistettuna": "pending",
    });

    await fillIn(user, input, "pyörä");
    expect(states()["Vähintään 12 merkkiä"]).toBe("unmet");
    expect(states()["Ei yleisesti käytetty tai helposti arvattava salasana"]).toBe("met");

    await fillIn(user, input, " kulkee hyvin");
    expect(Object.values(states())).toEqual(["met", "met", "met"]);
    // Screen readers hear the state as words, not only as an icon.
    expect(screen.getByText("Vähintään 12 merkkiä").textContent).toContain("(täyttyy)");
  });

  it("flag a common password and a repetitive one", async () => {
    const user = userEvent.setup();
    const input = renderRules();
    await fillIn(user, input, "salasana1234");
    expect(states()["Ei yleisesti käytetty tai helposti arvattava salasana"]).toBe("unmet");
    expect(screen.getByText(/Ei yleisesti käytetty/).textContent).toContain("(ei täyty)");
    await user.clear(input);
    await fillIn(user, input, "abababababababab");
    expect(states()["Ei pelkkää samaa merkkiä tai kahta merkkiä toistettuna"]).toBe("unmet");
  });

  it("add the e-mail rule when the e-mail is known", async () => {
    const user = userEvent.setup();
    const input = renderRules("maija.virtanen@demo.test");
    await fillIn(user, input, "Maija.Virtanen ajaa pyörällä");
    expect(states()["Ei sisällä sähköpostiosoitteesi alkuosaa"]).toBe("unmet");
  });

  it("show the upper limit only when it is passed", async () => {
    const user = userEvent.setup();
    const input = renderRules();
    await user.click(input);
    await user.paste("x y ".repeat(70));
    expect(states()["Enintään 256 merkkiä"]).toBe("unmet");
  });
});
