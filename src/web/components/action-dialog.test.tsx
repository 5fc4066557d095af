import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { ActionDialog } from "./action-dialog.tsx";

beforeAll(() => loadTexts("fi"));

describe("ActionDialog", () => {
  it("asks with its fields, focus on Cancel, and shows the call's failure in the dialog", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderUi(
      <ActionDialog
        opened
        title="Merkitäänkö maksu maksetuksi?"
        confirmLabel="Merkitse maksetuksi"
        onConfirm={onConfirm}
        onCancel={() => {}}
        loading={false}
        error="Maksu on jo merkitty."
        danger={false}
      >
        <label>
          Viite
          <input name="reference" />
        </label>
      </ActionDialog>,
    );
    const dialog = await screen.findByRole("dialog", { name: "Merkitäänkö maksu maksetuksi?" });
    await waitFor(() => expect(screen.getByRole("button", { name: "Peruuta" })).toHaveFocus());
    expect(dialog).toHaveTextContent("Maksu on jo merkitty.");
    await user.click(screen.getByRole("button", { name: "Merkitse maksetuksi" }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it("without actions of its own holds only its content, which may carry its own buttons", async () => {
    renderUi(
      <ActionDialog opened title="Lisää rooli" onCancel={() => {}} size="lg" closeLabel="Sulje lomake">
        <input aria-label="Rooli" data-autofocus />
        <button type="submit">Tallenna</button>
      </ActionDialog>,
    );
    const dialog = await screen.findByRole("dialog", { name: "Lisää rooli" });
    expect(dialog.querySelectorAll("button")).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Sulje lomake" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Peruuta" })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Rooli" })).toHaveFocus());
  });

  it("stays open on Escape while held open, and closes on it otherwise", async () => {
    const user = userEvent.setup();
    function Harness() {
      const [opened, setOpened] = useState(true);
      const [held, setHeld] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setHeld(false)}>
            Vapauta
          </button>
          <ActionDialog opened={opened} title="Ilmoitukset" onCancel={() => setOpened(false)} holdOpen={held}>
            Ei uusia ilmoituksia.
          </ActionDialog>
        </>
      );
    }
    renderUi(<Harness />);
    await screen.findByRole("dialog", { name: "Ilmoitukset" });
    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "Ilmoitukset" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Vapauta", hidden: true }));
    await user.click(screen.getByRole("button", { name: "Sulje" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
