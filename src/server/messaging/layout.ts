import type { Language } from "../../domain/enums.ts";

/** What a mail says, once: the plain-text and HTML bodies are both rendered from it, so they never drift. */
export type MailContent = {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** One link the mail is about (reset or set a password), shown as a button and as the bare address. */
  action?: { label: string; url: string };
  /** Paragraphs after the action: validity, what to do if this was not you. */
  after?: string[];
};

/** The words of the frame around every mail. */
export type LayoutWords = {
  signOff: string;
  tagline: string;
  /** Shown under the button, for mail clients and readers that do not follow it. */
  copyLink: string;
};

export const CONTACT_EMAIL = "info@pedaali.fi";

const BRAND_COLOR = "#1b5e20";

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Only web links go into a mail: anything else in a button (javascript:, data:) is a bug or an attack. */
function assertWebLink(url: string): void {
  const protocol = URL.canParse(url) ? new URL(url).protocol : "";
  if (protocol !== "https:" && protocol !== "http:") throw new Error("A mail link must be an http(s) URL");
}

function renderText(content: MailContent, words: LayoutWords): string {
  const blocks = [content.greeting, ...content.paragraphs];
  if (content.action) blocks.push(`${content.action.label}:\n${content.action.url}`);
  blocks.push(
    ...(content.after ?? []),
    `${words.signOff}\nPedaali`,
    `--\n${words.tagline} · ${CONTACT_EMAIL}`,
  );
  return `${blocks.join("\n\n")}\n`;
}

/**
 * A simple, accessible HTML mail: the language set for screen readers, one column, real text (no
 * images, so nothing is fetched from outside and nothing is lost when images are blocked), inline
 * styles because mail clients drop style sheets, colours with at least 4.5:1 contrast.
 */
function renderHtml(content: MailContent, words: LayoutWords, language: Language): string {
  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const parts = [p(content.greeting), ...content.paragraphs.map(p)];
  if (content.action) {
    const href = escapeHtml(content.action.url);
    parts.push(
      `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:${BRAND_COLOR};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(content.action.label)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:14px;color:#444444">${escapeHtml(words.copyLink)}<br><a href="${href}" style="color:${BRAND_COLOR};word-break:break-all">${href}</a></p>`,
    );
  }
  parts.push(
    ...(content.after ?? []).map(p),
    `<p style="margin:24px 0 0">${escapeHtml(words.signOff)}<br>Pedaali</p>`,
  );
  return [
    "<!doctype html>",
    `<html lang="${language}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f6f8;color:#1a1a1a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">',
    `<div role="article" aria-label="${escapeHtml(content.subject)}" style="max-width:560px;margin:0 auto;padding:24px">`,
    '<div style="background:#ffffff;border-radius:8px;padding:24px">',
    `<p style="margin:0 0 24px;font-size:24px;font-weight:bold;color:${BRAND_COLOR}">Pedaali</p>`,
    ...parts,
    "</div>",
    `<p style="margin:16px 0 0;font-size:13px;color:#555555;text-align:center">${escapeHtml(words.tagline)} · <a href="mailto:${CONTACT_EMAIL}" style="color:#555555">${CONTACT_EMAIL}</a></p>`,
    "</div>",
    "</body>",
    "</html>",
  ].join("\n");
}

export function renderMail(content: MailContent, words: LayoutWords, language: Language) {
  if (content.action) assertWebLink(content.action.url);
  return {
    subject: content.subject,
    text: renderText(content, words),
    html: renderHtml(content, words, language),
  };
}
