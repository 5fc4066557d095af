import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";

beforeAll(() => loadTexts("fi"));

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Poista pyöräliike
      </button>
      <ConfirmDialog
        opened={opened}
        title="Poistetaanko pyöräliike Kallion Pyörä?"
        confirmLabel="Poista pyöräliike"
        onConfirm={() => {
          onConfirm();
          setOpened(false);
        }}
        onCancel={() => setOpened(false)}
      >
        Avoimet tilaukset säilyvät. Poistoa ei voi perua.
      </ConfirmDialog>
    </>
  );
}

describe("ConfirmDialog", () => {
  it("asks with a title and the consequence, with focus on Cancel", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderUi(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole("button", { name: "Poista pyöräliike" }));
    const dialog = await screen.findByRole("dialog", { name: "Poistetaanko pyöräliike Kallion Pyörä?" });
    expect(dialog).toHaveTextContent("Avoimet tilaukset säilyvät. Poistoa ei voi perua.");
    await waitFor(() => expect(screen.getByRole("button", { name: "Peruuta" })).toHaveFocus());
    // Enter on the focused Cancel closes without the action.
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("runs the action from the red button that names it", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderUi(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole("button", { name: "Poista pyöräliike" }));
    const dialog = await screen.findByRole("dialog");
    const confirm = [...dialog.querySelectorAll("button")].find((b) => b.textContent === "Poista pyöräliike");
    expect(confirm).toBeDefined();
    expect(confirm?.getAttribute("style") ?? "").toContain("red-9");
    await user.click(confirm as HTMLButtonElement);
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it("cancels with Escape", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderUi(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole("button", { name: "Poista pyöräliike" }));
    await screen.findByRole("dialog");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
