import type { UserEvent } from "@testing-library/user-event";

/**
 * Puts text into a field as a person pasting it would: a click into the field, then the text as one
 * input. Where a test reads what a field holds, not what each key does, this is what to use instead of
 * `user.type`: every key typed re-renders the form around the field (the forms are controlled), which
 * in React's development build under jsdom made typing about a fifth of the component suite's CPU.
 * Keys that are themselves the behaviour under test (Enter submits, a list follows the arrows, a
 * field that reacts to each key) are still typed.
 */
export async function fillIn(user: Pick<UserEvent, "click" | "paste">, field: Element, text: string) {
  await user.click(field);
  await user.paste(text);
}
