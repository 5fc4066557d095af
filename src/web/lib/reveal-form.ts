/** The first field a person would type in: what the form opened for. */
const FIRST_FIELD =
  "input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled])";

/**
 * A ref for a form that opens when its section's edit button is pressed. On a phone the form may open
 * below the screen's edge, and then nothing seems to happen: this brings its first field to the middle
 * of the screen and puts the cursor in it, so the person sees at once what opened and can type.
 */
export function revealOpenedForm(form: HTMLElement | null): void {
  const field = form?.querySelector<HTMLElement>(FIRST_FIELD);
  if (!field) return;
  // Not every environment scrolls (jsdom has no layout); focusing is what matters there.
  field.scrollIntoView?.({ block: "center" });
  field.focus({ preventScroll: true });
}
