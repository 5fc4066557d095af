import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  amountOfKind,
  changedRowsOnly,
  decodeWindows1252,
  delimitedField,
  encodeWindows1252,
  formatAmount,
  formatDate,
  parseAmount,
  parseDelimited,
  payrollFileBytes,
  payrollText,
} from "./export-format.ts";
import {
  AMOUNT_KINDS,
  DEFAULT_HEADERS,
  deliveryFileName,
  fieldsOfLayout,
  INCOME_TYPE_OF_KIND,
  misplacedField,
  type PayrollTemplate,
  presetTemplate,
  TEMPLATE_DATE_FORMATS,
  TEMPLATE_DECIMAL_SEPARATORS,
  TEMPLATE_ENCODINGS,
  TEMPLATE_FIELD_SEPARATORS,
  TEMPLATE_LAYOUTS,
  type TemplateField,
} from "./export-template.ts";
import type { PayrollChange, PayrollRow } from "./types.ts";

function row(overrides: Partial<PayrollRow> = {}): PayrollRow {
  return {
    key: "lease-1",
    leaseId: "lease-1",
    orderId: "order-1",
    orderNumber: 10_001,
    beneficiaryEmployeeId: "employee-1",
    firstName: "Aino",
    lastName: "Äijälä",
    employeeNumber: "E-1",
    costUnit: "CU-1",
    payRollOther: null,
    unitName: "Helsinki",
    companyId: "company-1",
    companyName: "Demo Oy",
    regime: "TAXABLE",
    taxFreeUntil: null,
    leaseFromPeriod: "2026-01",
    leaseToPeriod: "2028-12",
    leaseRunning: true,
    monthlyPaymentCents: 9_950,
    benefitValueCents: 9_950,
    taxFreeCents: 0,
    taxableCents: 9_950,
    ownPaymentCents: 0,
    grossDeductionCents: 9_950,
    deferredCents: 0,
    catchUpCents: 0,
    netDeductionCents: 0,
    outstandingDeferredCents: 0,
    oneOffs: [],
    absence: null,
    withoutPay: false,
    employmentEndsOn: null,
    firstMonth: false,
    lastMonth: false,
    change: "UNCHANGED",
    changedFields: [],
    ...overrides,
  };
}

// Texts a person could type: separators, quotes, line breaks, edge spaces, formula starts, ä and €.
const text = fc.stringMatching(/^[A-Za-zÄÖäö€ ;,\t"\r\n=+\-@0-9]{0,12}$/);
const cents = fc.integer({ min: 0, max: 10_000_000 });
const arbitraryRow = fc
  .record({
    firstName: text,
    lastName: text,
    employeeNumber: fc.option(text, { nil: null }),
    costUnit: fc.option(text, { nil: null }),
    unitName: fc.option(text, { nil: null }),
    taxFree: cents,
    taxable: cents,
    ownPayment: cents,
    netDeduction: cents,
    grossDeduction: cents,
    change: fc.constantFrom<PayrollChange>("NEW", "CHANGED", "UNCHANGED", "ENDED"),
  })
  .map((r) =>
    row({
      firstName: r.firstName,
      lastName: r.lastName,
      employeeNumber: r.employeeNumber,
      costUnit: r.costUnit,
      unitName: r.unitName,
      taxFreeCents: r.taxFree,
      taxableCents: r.taxable,
      monthlyPaymentCents: r.taxFree + r.taxable,
      ownPaymentCents: r.ownPayment,
      netDeductionCents: r.netDeduction,
      grossDeductionCents: r.grossDeduction,
      change: r.change,
    }),
  );

const arbitraryTemplate = fc
  .record({
    layout: fc.constantFrom(...TEMPLATE_LAYOUTS),
    fieldSeparator: fc.constantFrom(...TEMPLATE_FIELD_SEPARATORS),
    decimalSeparator: fc.constantFrom(...TEMPLATE_DECIMAL_SEPARATORS),
    dateFormat: fc.constantFrom(...TEMPLATE_DATE_FORMATS),
    encoding: fc.constantFrom(...TEMPLATE_ENCODINGS),
    includeHeader: fc.boolean(),
    headers: fc.array(text, { minLength: 30, maxLength: 30 }),
    order: fc.infiniteStream(fc.boolean()),
  })
  .chain((t) =>
    fc.shuffledSubarray(fieldsOfLayout(t.layout), { minLength: 1 }).map(
      (fields): PayrollTemplate => ({
        preset: null,
        layout: t.layout,
        columns: fields.map((field, i) => ({ field, header: t.headers[i] ?? "" })),
        includeHeader: t.includeHeader,
        fieldSeparator: t.fieldSeparator,
        decimalSeparator: t.decimalSeparator,
        dateFormat: t.dateFormat,
        encoding: t.encoding,
        kinds: AMOUNT_KINDS.map((kind) => ({ kind, wageCode: `W${kind.length}` })),
      }),
    ),
  );

/** The file's text as payroll reads it: the bytes decoded in the template's encoding. */
function readBack(bytes: Uint8Array, template: PayrollTemplate): string {
  if (template.encoding === "WINDOWS_1252") return decodeWindows1252(bytes);
  const textOf = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  if (template.encoding === "UTF8_BOM") {
    expect(textOf.startsWith("\uFEFF")).toBe(true);
    return textOf.slice(1);
  }
  return textOf;
}

/** A text as the file writes it: led by a tab when a spreadsheet would read it as a formula. */
const guarded = (value: string) => (/^[=+\-@]/.test(value) ? `\t${value}` : value);
const latin = (value: string, template: PayrollTemplate) =>
  template.encoding === "WINDOWS_1252" ? decodeWindows1252(encodeWindows1252(value)) : value;

describe("payroll export template", () => {
  it("round-trips any rows through any template: the amounts and texts parse back", () => {
    fc.assert(
      fc.property(fc.array(arbitraryRow, { maxLength: 6 }), arbitraryTemplate, (rows, template) => {
        const bytes = payrollFileBytes(rows, template, "2026-11");
        const lines = parseDelimited(readBack(bytes, template), template.fieldSeparator);
        const header = template.includeHeader ? 1 : 0;
        if (template.includeHeader) {
          expect(lines[0]).toEqual(template.columns.map((c) => guarded(latin(c.header, template))));
        }
        const expected: { row: PayrollRow; cents: number | null }[] =
          template.layout === "ROW"
            ? rows.map((r) => ({ row: r, cents: null }))
            : rows.flatMap((r) =>
                template.kinds
                  .map((k) => ({ row: r, cents: amountOfKind(r, k.kind) }))
                  .filter((x) => x.cents !== 0 || r.change === "ENDED"),
              );
        expect(lines.length - header).toBe(expected.length);
        expected.forEach(({ row: r, cents: amount }, i) => {
          const line = lines[i + header] ?? [];
          expect(line).toHaveLength(template.columns.length);
          template.columns.forEach((column, c) => {
            const cell = line[c] ?? "";
            const field: TemplateField = column.field;
            if (field === "amount") expect(parseAmount(cell, template.decimalSeparator)).toBe(amount);
            if (field === "taxFree")
              expect(parseAmount(cell, template.decimalSeparator)).toBe(r.taxFreeCents);
            if (field === "taxable")
              expect(parseAmount(cell, template.decimalSeparator)).toBe(r.taxableCents);
            if (field === "grossDeduction") {
              expect(parseAmount(cell, template.decimalSeparator)).toBe(r.grossDeductionCents);
            }
            if (field === "lastName") expect(cell).toBe(guarded(latin(r.lastName, template)));
            if (field === "costUnit") expect(cell).toBe(guarded(latin(r.costUnit ?? "", template)));
          });
        });
      }),
      { numRuns: 300 },
    );
  });

  it("quotes a field holding the separator, a quote or a line break, and doubles its quotes", () => {
    fc.assert(
      fc.property(text, fc.constantFrom(...TEMPLATE_FIELD_SEPARATORS), (value, separator) => {
        const field = delimitedField(value, separator);
        const parsed = parseDelimited(`${field}\r\n`, separator);
        expect(parsed).toEqual([[/^[=+\-@]/.test(value) ? `\t${value}` : value]]);
        if (value.includes(separator) || value.includes('"') || /[\r\n]/.test(value)) {
          expect(field.startsWith('"')).toBe(true);
        }
      }),
    );
    expect(delimitedField('a "b"; c', ";")).toBe('"a ""b""; c"');
    expect(delimitedField("a,b", ";")).toBe("a,b");
    expect(delimitedField("a,b", ",")).toBe('"a,b"');
    expect(delimitedField("=SUM(A1)", ";")).toBe('"\t=SUM(A1)"');
  });

  it("writes amounts with the chosen decimal separator and dates in the chosen format", () => {
    expect(formatAmount(123_456, ",")).toBe("1234,56");
    expect(formatAmount(5, ".")).toBe("0.05");
    expect(parseAmount("1234,56", ",")).toBe(123_456);
    expect(parseAmount("1234.56", ",")).toBeNull();
    expect(formatDate("2026-03-05", "DD.MM.YYYY")).toBe("05.03.2026");
    expect(formatDate("2026-03-05", "D.M.YYYY")).toBe("5.3.2026");
    expect(formatDate("2026-03-05", "YYYY-MM-DD")).toBe("2026-03-05");
  });

  it("gives each kind the income type the tax rules give it: 363, 364, 420, none for the deductions", () => {
    expect(INCOME_TYPE_OF_KIND).toEqual({
      TAX_FREE: 363,
      TAXABLE: 364,
      OWN_PAYMENT: 420,
      GROSS_DEDUCTION: null,
      NET_DEDUCTION: null,
    });
    const generic = presetTemplate("GENERIC_CSV");
    const text = payrollText([row({ taxFreeCents: 1_000, taxableCents: 8_950 })], generic, "2026-11");
    expect(text).toBe(
      [
        "Henkilönumero;Sukunimi;Etunimi;Kustannuspaikka;Kausi;Tulolaji;Palkkalaji;Summa;Muutos",
        "E-1;Äijälä;Aino;CU-1;2026-11-01;363;363;10.00;UNCHANGED",
        "E-1;Äijälä;Aino;CU-1;2026-11-01;364;364;89.50;UNCHANGED",
        "E-1;Äijälä;Aino;CU-1;2026-11-01;;;99.50;UNCHANGED",
        "",
      ].join("\r\n"),
    );
  });

  it("writes the Excel preset with a BOM, a decimal comma and Finnish headers", () => {
    const bytes = payrollFileBytes([row()], presetTemplate("EXCEL"), "2026-11");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(`\uFEFF${DEFAULT_HEADERS.lastName};`)).toBe(true);
    expect(text).toContain("Äijälä;Aino;E-1;CU-1;Helsinki;10001;99,50;99,50;0,00;99,50;0,00;0,00;UNCHANGED");
  });

  it("writes Windows-1252 for ä, ö and €, and a question mark for what it cannot", () => {
    expect([...encodeWindows1252("äÖ€ł")]).toEqual([0xe4, 0xd6, 0x80, 0x3f]);
    expect(decodeWindows1252(encodeWindows1252("Äijälä 5 €"))).toBe("Äijälä 5 €");
  });

  it("keeps only new, changed and ended rows in a change-only report", () => {
    const rows = (["NEW", "CHANGED", "UNCHANGED", "ENDED"] as const).map((change) =>
      row({ key: change, change }),
    );
    expect(changedRowsOnly(rows).map((r) => r.change)).toEqual(["NEW", "CHANGED", "ENDED"]);
  });

  it("refuses a money column in the per-kind layout and names files by the pattern", () => {
    expect(misplacedField({ layout: "PER_KIND", columns: [{ field: "taxFree", header: "" }] })).toBe(
      "taxFree",
    );
    expect(misplacedField({ layout: "ROW", columns: [{ field: "taxFree", header: "" }] })).toBeNull();
    expect(deliveryFileName("pedaali-{yyyy}-{mm}-{kind}.csv", "2026-03", "DELTA")).toBe(
      "pedaali-2026-03-delta.csv",
    );
  });
});
