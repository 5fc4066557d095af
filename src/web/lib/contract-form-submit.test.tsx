import { Button, Checkbox, TextInput } from "@mantine/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { zSingleLineText } from "../../contract/text.ts";
import { fillIn } from "../test/fill-in.ts";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { ApiError } from "./api-client.ts";
import { useContractForm } from "./contract-form.ts";

beforeAll(() => loadTexts("fi"));

const schema = z.object({
  name: zSingleLineText({ min: 1, max: 20 }),
  city: zSingleLineText({ min: 1, max: 40 }),
  consent: z.literal(true),
});

function Form({ onSave, refuse }: { onSave: () => void; refuse?: ApiError }) {
  const form = useContractForm({ initialValues: { name: "", city: "", consent: false }, schema });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(() => {
        onSave();
        if (refuse) form.setServerErrors(refuse);
      })}
    >
      <TextInput label="Nimi" {...form.getInputProps("name")} />
      <TextInput label="Kaupunki" {...form.getInputProps("city")} />
      <Checkbox label="Hyväksyn" {...form.getInputProps("consent", { type: "checkbox" })} />
      <Button type="submit">Lähetä</Button>
    </form>
  );
}

const payment = z.object({ amountCents: z.int().min(1).max(500_000) });

function PaymentForm({ onSave }: { onSave: () => void }) {
  const form = useContractForm({
    initialValues: { amount: "" },
    schema: payment,
    toBody: (values) => ({ amountCents: Number.NaN, ...values }),
    fieldOf: { amountCents: "amount" },
  });
  return (
    <form noValidate onSubmit={form.onSubmit(onSave)}>
      <TextInput label="Summa" {...form.getInputProps("amount")} />
      <Button type="submit">Tallenna</Button>
    </form>
  );
}

describe("useContractForm", () => {
  it("reads an amount typed for a body's cents by the one money parser, with the schema's bounds", async () => {
    const user = userEvent.setup();
    renderUi(<PaymentForm onSave={vi.fn()} />);
    const amount = screen.getByLabelText("Summa");
    for (const [typed, said] of [
      ["-500", /Summa ei voi olla negatiivinen/],
      ["6 000", /Summa voi olla enintään 5\s000\s€/],
      ["0", /Summa on vähintään 0,01\s€/],
      ["12 50", /Anna summa euroina/],
    ] as const) {
      await user.clear(amount);
      await fillIn(user, amount, typed);
      await user.click(screen.getByRole("button", { name: "Tallenna" }));
      expect(amount).toHaveAccessibleDescription(said);
    }
  });

  it("says a text field's maximum as soon as the text passes it, keeping all that was typed", async () => {
    const user = userEvent.setup();
    renderUi(<Form onSave={vi.fn()} />);
    const name = screen.getByLabelText("Nimi");
    expect(name).not.toHaveAttribute("maxLength");
    await user.click(name);
    await user.paste("a".repeat(25));
    expect(name).toHaveValue("a".repeat(25));
    expect(name).toHaveAccessibleDescription(/Enintään 20 merkkiä/);
    await user.type(name, "{Backspace}".repeat(5));
    expect(name).not.toHaveAccessibleDescription(/Enintään 20 merkkiä/);
  });

  it("moves focus to the first field in error after a failed submit, in the order of the page", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    renderUi(<Form onSave={onSave} />);
    await fillIn(user, screen.getByLabelText("Nimi"), "Aino");
    await user.click(screen.getByRole("button", { name: "Lähetä" }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Kaupunki")).toHaveFocus();
    expect(screen.getByLabelText("Kaupunki")).toHaveAccessibleDescription(/Tämä tieto on pakollinen/);
  });

  it("says the server's limit at the field it refused and moves focus there", async () => {
    const user = userEvent.setup();
    const refuse = new ApiError({
      status: 400,
      code: "VALIDATION_ERROR",
      message: "Request validation failed",
      bodyReadable: true,
      details: [
        { field: "body.city", message: "Too big", issue: { code: "too_big", origin: "string", maximum: 40 } },
      ],
    });
    renderUi(<Form onSave={vi.fn()} refuse={refuse} />);
    await fillIn(user, screen.getByLabelText("Nimi"), "Aino");
    await fillIn(user, screen.getByLabelText("Kaupunki"), "Espoo");
    await user.click(screen.getByLabelText("Hyväksyn"));
    await user.click(screen.getByRole("button", { name: "Lähetä" }));
    await waitFor(() => expect(screen.getByLabelText("Kaupunki")).toHaveFocus());
    expect(screen.getByLabelText("Kaupunki")).toHaveAccessibleDescription(/Enintään 40 merkkiä/);
  });
});
