import type { Language } from "../../../domain/enums.ts";
import { resolveLanguage } from "../../messaging/templates.ts";

type Text = { title: string; message: string };

/**
 * The employer admin's bell when the month's payroll report could not be delivered, in the reader's
 * language: which month, and where to correct the channel and send it again.
 */
export function payrollDeliveryFailedNotification(language: string | null | undefined, period: string): Text {
  // "2026-03-01" → "3/2026"
  const [year, month] = period.split("-");
  const when = `${Number(month)}/${year}`;
  const texts: Record<Language, Text> = {
    fi: {
      title: "Palkkaraporttia ei voitu toimittaa",
      message: `Palkkaraporttia ${when} ei voitu toimittaa. Tarkista kanava ja vastaanottajat yrityksen asetuksista ja lähetä raportti uudelleen toimituslokista.`,
    },
    en: {
      title: "The payroll report could not be delivered",
      message: `The payroll report ${when} could not be delivered. Check the channel and recipients in the company settings and send the report again from the delivery log.`,
    },
    sv: {
      title: "Lönerapporten kunde inte levereras",
      message: `Lönerapporten ${when} kunde inte levereras. Kontrollera kanalen och mottagarna i företagets inställningar och skicka rapporten på nytt från leveransloggen.`,
    },
  };
  return texts[resolveLanguage(language)];
}
