import { useForm } from "@mantine/form";
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { fillIn } from "../test/fill-in.ts";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { DateField } from "./date-field.tsx";

beforeAll(() => loadTexts("fi"));

function FormWithDate({ initial = "" }: { initial?: string }) {
  const form = useForm({ initialValues: { deliveryDate: initial } });
  return (
    <>
      <DateField label="Toimituspäivä" {...form.getInputProps("deliveryDate")} />
      <output data-testid="value">{form.getValues().deliveryDate}</output>
      <button type="button" onClick={() => form.setFieldValue("deliveryDate", "2026-03-02")}>
        Aseta
      </button>
    </>
  );
}

describe("DateField", () => {
  it("reads a Finnish date into the form's ISO day and shows it as DD.MM.YYYY", async () => {
    renderUi(<FormWithDate />);
    const input = screen.getByLabelText("Toimituspäivä");
    expect(input).not.toHaveAttribute("type", "date");
    expect(input).toHaveAttribute("placeholder", "pp.kk.vvvv");
    await fillIn(userEvent, input, "14.1.2026");
    expect(screen.getByTestId("value")).toHaveTextContent("2026-01-14");
    await userEvent.tab();
    expect(input).toHaveValue("14.01.2026");
    expect(input).not.toHaveAttribute("aria-invalid", "true");
  });

  it("shows the form's ISO day in the interface format, and a value set from outside", async () => {
    renderUi(<FormWithDate initial="2026-01-14" />);
    const input = screen.getByLabelText("Toimituspäivä");
    expect(input).toHaveValue("14.01.2026");
    await userEvent.click(screen.getByRole("button", { name: "Aseta" }));
    expect(input).toHaveValue("02.03.2026");
  });

  it("says under the field when the text is not a date, and the form holds no day", async () => {
    renderUi(<FormWithDate />);
    const input = screen.getByLabelText("Toimituspäivä");
    await fillIn(userEvent, input, "31.2.2026");
    await userEvent.tab();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(
      screen.getByText("Kirjoita päivämäärä muodossa pp.kk.vvvv, esimerkiksi 14.01.2026."),
    ).toBeVisible();
    expect(screen.getByTestId("value")).toHaveTextContent("");
    // Correcting the text clears the error at once.
    await userEvent.clear(input);
    await fillIn(userEvent, input, "28.2.2026");
    expect(input).not.toHaveAttribute("aria-invalid", "true");
    expect(screen.getByTestId("value")).toHaveTextContent("2026-02-28");
  });

  it("says when the day is outside the allowed range", () => {
    function Ranged() {
      const [value, setValue] = useState("");
      return <DateField label="Alkaen" value={value} onChange={setValue} min="2026-02-01" />;
    }
    renderUi(<Ranged />);
    const input = screen.getByLabelText("Alkaen");
    fireEvent.change(input, { target: { value: "31.1.2026" } });
    fireEvent.blur(input);
    expect(screen.getByText("Päivämäärän on oltava aikaisintaan 01.02.2026.")).toBeVisible();
  });
});
