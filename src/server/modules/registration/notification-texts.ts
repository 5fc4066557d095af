import type { Language } from "../../../domain/enums.ts";
import { resolveLanguage } from "../../messaging/templates.ts";

/**
 * The bell notification an employer admin gets when an employee joins through the company's link
 * (notification type EMPLOYEE_REGISTRATION), in the admin's own language.
 */
export function employeeRegistrationNotification(
  language: string | null | undefined,
  params: { employeeName: string; companyName: string },
): { title: string; message: string } {
  const lang: Language = resolveLanguage(language);
  const { employeeName, companyName } = params;
  return {
    fi: {
      title: "Uusi työntekijä odottaa hyväksyntää",
      message: `${employeeName} rekisteröityi yrityksen ${companyName} rekisteröintilinkillä ja odottaa hyväksyntääsi.`,
    },
    en: {
      title: "A new employee is waiting for acceptance",
      message: `${employeeName} registered through the registration link of ${companyName} and is waiting for your acceptance.`,
    },
    sv: {
      title: "En ny arbetstagare väntar på godkännande",
      message: `${employeeName} registrerade sig via registreringslänken för ${companyName} och väntar på ditt godkännande.`,
    },
  }[lang];
}
