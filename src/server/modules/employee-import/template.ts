import ExcelJS from "exceljs";
import { toCsv } from "../../../domain/csv.ts";
import { templateHeaders } from "../../../domain/employee-import.ts";
import type { Language } from "../../../domain/locale.ts";

const FILE_NAMES: Record<Language, string> = {
  fi: "henkilosto-pohja",
  en: "staff-template",
  sv: "personal-mall",
};

/** The staff file's template: the header row in the language, every column as text (numbers keep their zeros). */
export async function importTemplate(language: Language, format: "csv" | "xlsx") {
  const headers = templateHeaders(language);
  if (format === "csv") {
    return {
      contentType: "text/csv; charset=utf-8",
      fileName: `${FILE_NAMES[language]}.csv`,
      body: toCsv([headers]),
    };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(FILE_NAMES[language]);
  sheet.columns = headers.map((header) => ({
    header,
    width: Math.max(14, header.length + 4),
    style: { numFmt: "@" },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  return {
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    fileName: `${FILE_NAMES[language]}.xlsx`,
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}
