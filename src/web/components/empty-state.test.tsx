import { Button } from "@mantine/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { EmptyState } from "./empty-state.tsx";

beforeAll(() => loadTexts("fi"));

describe("EmptyState", () => {
  it("says what to do next and offers the action", async () => {
    const create = vi.fn();
    renderUi(
      <EmptyState
        text="Yrityksellä ei ole vielä työntekijöitä. Luo rekisteröintilinkki."
        action={<Button onClick={create}>Luo rekisteröintilinkki</Button>}
      />,
    );
    expect(
      screen.getByText("Yrityksellä ei ole vielä työntekijöitä. Luo rekisteröintilinkki."),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Luo rekisteröintilinkki" }));
    expect(create).toHaveBeenCalledOnce();
  });

  it("works without an action, with a decorative icon hidden from readers", () => {
    const { container } = renderUi(<EmptyState text="Ei tapahtumia vielä." />);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(container.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
  });
});
