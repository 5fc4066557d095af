import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import type { TPayrollTemplate } from "../../../../contract/payroll-delivery.ts";
import { presetTemplate } from "../../../../domain/payroll/export-template.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { renderUi } from "../../../test/render-ui.tsx";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { PayrollTemplateEditor } from "./payroll-template-editor.tsx";

setUpScreenTests();

/** The editor with its value kept as the section keeps it; `seen` is the last value it handed out. */
function renderEditor(initial: TPayrollTemplate) {
  const seen: { value: TPayrollTemplate } = { value: initial };
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <PayrollTemplateEditor
        value={value}
        onChange={(next) => {
          seen.value = next;
          setValue(next);
        }}
      />
    );
  }
  renderUi(<Host />);
  return seen;
}

describe("PayrollTemplateEditor", () => {
  it("moves a column up and down and marks the template as customised", async () => {
    const seen = renderEditor(presetTemplate("EXCEL"));
    await userEvent.click(screen.getByRole("button", { name: "Siirrä alas: Sukunimi" }));
    expect(seen.value.columns.slice(0, 2).map((c) => c.field)).toEqual(["firstName", "lastName"]);
    expect(seen.value.preset).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Siirrä ylös: Sukunimi" }));
    expect(seen.value.columns.slice(0, 2).map((c) => c.field)).toEqual(["lastName", "firstName"]);
    expect(screen.getByRole("button", { name: "Siirrä ylös: Sukunimi" })).toBeDisabled();
  });

  it("renames a header and removes a column", async () => {
    const seen = renderEditor(presetTemplate("EXCEL"));
    const header = screen.getByRole("textbox", { name: "Otsikko: Henkilönumero" });
    await userEvent.clear(header);
    await fillIn(userEvent, header, "Hlönro");
    expect(seen.value.columns.find((c) => c.field === "employeeNumber")?.header).toBe("Hlönro");
    await userEvent.click(screen.getByRole("button", { name: "Poista: Tilaus" }));
    expect(seen.value.columns.map((c) => c.field)).not.toContain("orderNumber");
  });

  it("shows each kind's income type as the tax rules give it and takes the company's wage type code", async () => {
    const seen = renderEditor(presetTemplate("GENERIC_CSV"));
    expect(screen.getByRole("checkbox", { name: "Verovapaa osuus (tulolaji 363)" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Palkaksi katsottu osuus (tulolaji 364)" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Peritty korvaus (tulolaji 420)" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Bruttopalkan vähennys (ei tulolajia)" })).toBeChecked();
    const code = screen.getByRole("textbox", { name: "Palkkalaji: Bruttopalkan vähennys" });
    await fillIn(userEvent, code, "5120");
    expect(seen.value.kinds.find((k) => k.kind === "GROSS_DEDUCTION")?.wageCode).toBe("5120");
    await userEvent.click(screen.getByRole("checkbox", { name: "Nettopalkan vähennys (ei tulolajia)" }));
    expect(seen.value.kinds.map((k) => k.kind)).not.toContain("NET_DEDUCTION");
  });

  it("warns when the decimal separator is the field separator", async () => {
    renderEditor({ ...presetTemplate("EXCEL"), fieldSeparator: "," });
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Desimaalierotin ei voi olla sama kuin kenttäerotin.",
    );
  });
});
