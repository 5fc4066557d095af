import { describe, expect, it } from "vitest";
import { CONTACT_TOPICS, isContactTopic } from "./contact-forms.ts";

describe("contact form topics", () => {
  it("recognises exactly the listed topics", () => {
    for (const topic of CONTACT_TOPICS) expect(isContactTopic(topic)).toBe(true);
    expect(isContactTopic("employer")).toBe(false);
    expect(isContactTopic("")).toBe(false);
  });
});
