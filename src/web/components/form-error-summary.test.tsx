import { Button, Checkbox, Radio, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { fillIn } from "../test/fill-in.ts";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { FieldLabel } from "./field-label.tsx";
import { useFormErrorSummary } from "./form-error-summary.tsx";

beforeAll(() => loadTexts("fi"));

function LongForm() {
  const form = useForm({
    initialValues: { company: "", email: "", delivery: "", consent: false },
    validate: {
      // Rules in another order than the fields: the summary follows the page.
      consent: (v) => (v ? null : "Hyväksy ehdot jatkaaksesi"),
      email: (v) => (v.includes("@") ? null : "Sähköpostiosoitteesta puuttuu @"),
      company: (v) => (v.trim() ? null : "Yrityksen nimi on pakollinen"),
      delivery: (v) => (v ? null : "Valitse toimitustapa"),
    },
  });
  const errorSummary = useFormErrorSummary(form, { delivery: "Toimitustapa" });
  return (
    <form noValidate onSubmit={form.onSubmit(() => {}, errorSummary.onInvalid)}>
      {errorSummary.summary}
      <TextInput label="Yrityksen nimi" required {...form.getInputProps("company")} />
      <TextInput label="Sähköposti" required {...form.getInputProps("email")} />
      <Radio.Group label={<FieldLabel required>Toimitustapa</FieldLabel>} {...form.getInputProps("delivery")}>
        <Radio value="PICKUP" label="Nouto" />
        <Radio value="HOME_DELIVERY" label="Kotiinkuljetus" />
      </Radio.Group>
      <Checkbox label="Hyväksyn ehdot" required {...form.getInputProps("consent", { type: "checkbox" })} />
      <Button type="submit">Lähetä</Button>
    </form>
  );
}

describe("FormErrorSummary with useFormErrorSummary", () => {
  it("is not there before a submit", () => {
    renderUi(<LongForm />);
    expect(screen.queryByRole("heading", { name: /Korjattavat tiedot/ })).not.toBeInTheDocument();
  });

  it("after a failed submit lists the errors in page order, as links, and takes focus", async () => {
    const user = userEvent.setup();
    renderUi(<LongForm />);
    await fillIn(user, screen.getByRole("textbox", { name: "Sähköposti" }), "aino.virtanen");
    await user.click(screen.getByRole("button", { name: "Lähetä" }));

    const heading = await screen.findByRole("heading", { level: 2, name: "Korjattavat tiedot: 4" });
    await waitFor(() => expect(heading).toHaveFocus());
    const summary = screen.getByRole("region", { name: "Korjattavat tiedot: 4" });
    const links = within(summary).getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual([
      "Yrityksen nimi: Yrityksen nimi on pakollinen",
      "Sähköposti: Sähköpostiosoitteesta puuttuu @",
      "Toimitustapa: Valitse toimitustapa",
      "Hyväksyn ehdot: Hyväksy ehdot jatkaaksesi",
    ]);
    // Each field keeps its own message under it too.
    expect(screen.getByRole("textbox", { name: "Sähköposti" })).toHaveAccessibleDescription(
      "Sähköpostiosoitteesta puuttuu @",
    );
  });

  it("moves focus to the field when its link is followed", async () => {
    const user = userEvent.setup();
    renderUi(<LongForm />);
    await user.click(screen.getByRole("button", { name: "Lähetä" }));
    const summary = await screen.findByRole("region", { name: /Korjattavat tiedot/ });
    const emailLink = within(summary).getByRole("link", { name: /^Sähköposti/ });
    const email = screen.getByRole("textbox", { name: "Sähköposti" });
    expect(emailLink).toHaveAttribute("href", `#${email.id}`);
    await user.click(emailLink);
    expect(email).toHaveFocus();
    // A group's link goes to its first option.
    await user.click(within(summary).getByRole("link", { name: /^Toimitustapa/ }));
    expect(screen.getByRole("radio", { name: "Nouto" })).toHaveFocus();
  });

  it("follows the corrections and focuses again on the next failed submit", async () => {
    const user = userEvent.setup();
    renderUi(<LongForm />);
    await user.click(screen.getByRole("button", { name: "Lähetä" }));
    await screen.findByRole("heading", { name: "Korjattavat tiedot: 4" });
    await fillIn(user, screen.getByRole("textbox", { name: "Yrityksen nimi" }), "Kallion Kahvipaahtimo Oy");
    // Mantine clears a field's error on change; the summary drops it.
    expect(await screen.findByRole("heading", { name: "Korjattavat tiedot: 3" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Lähetä" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Korjattavat tiedot: 3" })).toHaveFocus());
  });
});

describe("the field convention", () => {
  it("announces the label, the required state, the help text and the error under the field", () => {
    renderUi(
      <TextInput
        label="Y-tunnus"
        description="Muodossa 1234567-8"
        required
        error="Y-tunnuksen tarkistusnumero ei täsmää"
      />,
    );
    const input = screen.getByRole("textbox", { name: "Y-tunnus" });
    expect(input).toBeRequired();
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription(/Muodossa 1234567-8/);
    expect(input).toHaveAccessibleDescription(/Y-tunnuksen tarkistusnumero ei täsmää/);
  });

  it("FieldLabel makes a group's required marker heard, not only seen", () => {
    renderUi(
      <Radio.Group label={<FieldLabel required>Toimitustapa</FieldLabel>}>
        <Radio value="PICKUP" label="Nouto" />
      </Radio.Group>,
    );
    expect(screen.getByRole("radiogroup", { name: "Toimitustapa (pakollinen)" })).toBeInTheDocument();
  });
});
