import type { TFunction } from "i18next";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ErrorCode } from "../../contract/errors.ts";
import { ensurePageTexts, i18n, initI18n } from "../i18n/i18n.ts";
import { ApiError } from "./api-client.ts";
import {
  clearErrorToastHistory,
  DUPLICATE_TOAST_WINDOW_MS,
  messageForApiError,
  showErrorToast,
} from "./error-toasts.ts";
import { GENERAL_ERROR_TEXTS } from "./general-errors.ts";
import { loadNotifications } from "./toast.ts";

let fi: TFunction;
let en: TFunction;

beforeAll(async () => {
  await initI18n("fi");
  await i18n.loadLanguages("en");
  await ensurePageTexts("fi");
  await ensurePageTexts("en");
  fi = i18n.getFixedT("fi");
  en = i18n.getFixedT("en");
});

function unreadable(status: number) {
  return new ApiError({ status, code: "UNDEFINED_ERROR", message: "x", bodyReadable: false });
}

function readable(status: number, code: ErrorCode) {
  return new ApiError({ status, code, message: "server text", bodyReadable: true });
}

describe("messageForApiError (docs/product.md 'Errors' general toasts)", () => {
  const cases: [string, ApiError, string, string][] = [
    [
      "401",
      readable(401, "UNAUTHORIZED"),
      GENERAL_ERROR_TEXTS.unauthorized,
      "Sinulla ei ole oikeutta tähän toimintoon",
    ],
    [
      "403",
      readable(403, "FORBIDDEN"),
      GENERAL_ERROR_TEXTS.forbidden,
      "Pääsy estetty. Sinulla ei ole oikeuksia tähän toimintoon",
    ],
    ["404", readable(404, "NOT_FOUND"), GENERAL_ERROR_TEXTS.notFound, "Pyydettyä kohdetta ei löytynyt"],
    [
      "500",
      readable(500, "INTERNAL_ERROR"),
      GENERAL_ERROR_TEXTS.serverError,
      "Palvelimella tapahtui virhe. Yritä myöhemmin uudelleen",
    ],
    [
      "504 (500 and above)",
      readable(504, "GATEWAY" as ErrorCode),
      GENERAL_ERROR_TEXTS.serverError,
      "Palvelimella tapahtui virhe. Yritä myöhemmin uudelleen",
    ],
    [
      "503 with a readable body",
      readable(503, "SERVICE_UNAVAILABLE"),
      GENERAL_ERROR_TEXTS.serverError,
      "Palvelimella tapahtui virhe. Yritä myöhemmin uudelleen",
    ],
    [
      "unreadable 400",
      unreadable(400),
      GENERAL_ERROR_TEXTS.invalidRequest,
      "Virheellinen pyyntö. Tarkista tiedot ja yritä uudelleen.",
    ],
    [
      "unreadable 429",
      unreadable(429),
      GENERAL_ERROR_TEXTS.tooManyRequests,
      "Liikaa pyyntöjä. Odota hetki ja yritä uudelleen.",
    ],
    [
      "unreadable 502",
      unreadable(502),
      GENERAL_ERROR_TEXTS.serviceUnavailable,
      "Palvelu ei ole tilapäisesti käytettävissä. Yritä myöhemmin uudelleen.",
    ],
    [
      "unreadable 503",
      unreadable(503),
      GENERAL_ERROR_TEXTS.serviceUnavailable,
      "Palvelu ei ole tilapäisesti käytettävissä. Yritä myöhemmin uudelleen.",
    ],
    [
      "unreadable 418 (other)",
      unreadable(418),
      GENERAL_ERROR_TEXTS.generic,
      "Jokin meni vikaan. Yritä myöhemmin uudelleen.",
    ],
    [
      "network failure (status 0)",
      unreadable(0),
      GENERAL_ERROR_TEXTS.generic,
      "Jokin meni vikaan. Yritä myöhemmin uudelleen.",
    ],
    [
      "unreadable 401",
      unreadable(401),
      GENERAL_ERROR_TEXTS.unauthorized,
      "Sinulla ei ole oikeutta tähän toimintoon",
    ],
    [
      "a translated server code",
      readable(409, "GROUP_COMPANY_EXISTS_ERROR"),
      "The group company already exists.",
      "Konserni on jo olemassa.",
    ],
    [
      "an unknown server code on a 400",
      readable(400, "SOMETHING_NEW" as ErrorCode),
      GENERAL_ERROR_TEXTS.invalidRequest,
      "Virheellinen pyyntö. Tarkista tiedot ja yritä uudelleen.",
    ],
    [
      "an unknown server code on a 409",
      readable(409, "SOMETHING_NEW" as ErrorCode),
      GENERAL_ERROR_TEXTS.generic,
      "Jokin meni vikaan. Yritä myöhemmin uudelleen.",
    ],
  ];

  it.each(cases)("%s reads right in English and Finnish", (_, error, english, finnish) => {
    expect(messageForApiError(error, en)).toBe(english);
    expect(messageForApiError(error, fi)).toBe(finnish);
  });

  it("gives the general text for errors that are not ApiErrors", () => {
    expect(messageForApiError(new Error("boom"), en)).toBe(GENERAL_ERROR_TEXTS.generic);
    expect(messageForApiError("boom", fi)).toBe("Jokin meni vikaan. Yritä myöhemmin uudelleen.");
  });
});

describe("showErrorToast", () => {
  beforeEach(async () => {
    vi.useFakeTimers();
    clearErrorToastHistory();
    await i18n.changeLanguage("fi");
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("shows a toast at the top right and suppresses the same text within 2 s", async () => {
    const { notifications } = await loadNotifications();
    const show = vi.spyOn(notifications, "show").mockReturnValue("id");

    expect(showErrorToast(readable(404, "NOT_FOUND"))).toBe(true);
    expect(showErrorToast(unreadable(404))).toBe(false);
    vi.advanceTimersByTime(DUPLICATE_TOAST_WINDOW_MS - 1);
    expect(showErrorToast(readable(404, "NOT_FOUND"))).toBe(false);
    // A different text is not a duplicate.
    expect(showErrorToast(readable(403, "FORBIDDEN"))).toBe(true);
    vi.advanceTimersByTime(1);
    expect(showErrorToast(readable(404, "NOT_FOUND"))).toBe(true);

    await vi.waitFor(() => expect(show).toHaveBeenCalledTimes(3));
    expect(show.mock.calls[0]?.[0]).toMatchObject({
      message: "Pyydettyä kohdetta ei löytynyt",
      title: "Virhe",
      position: "top-right",
      color: "red",
      closeButtonProps: { "aria-label": "Sulje" },
    });
  });
});
