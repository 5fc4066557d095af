/**
 * The axe rules whose every finding is minor or moderate, by axe's own description of each rule's
 * checks. The browser suite fails on serious and critical violations only (seriousAxeViolations in
 * helpers.ts), so these rules' findings would be thrown away: they are not run, which spared a sixth
 * to a third of an axe run's time on the pages tried (colour contrast is most of what is left).
 * tests/unit/axe-rules.test.ts holds the list to axe's metadata: a rule that could find something
 * serious is never left out, and a new rule that cannot is added here.
 */
export const RULES_BELOW_SERIOUS = [
  "aria-allowed-role",
  "aria-deprecated-role",
  "empty-table-header",
  "focus-order-semantics",
  "form-field-multiple-labels",
  "heading-order",
  "hidden-content",
  "html-xml-lang-mismatch",
  "image-redundant-alt",
  "landmark-banner-is-top-level",
  "landmark-contentinfo-is-top-level",
  "landmark-main-is-top-level",
  "landmark-no-duplicate-banner",
  "landmark-no-duplicate-contentinfo",
  "landmark-no-duplicate-main",
  "landmark-one-main",
  "landmark-unique",
  "meta-viewport-large",
  "no-autoplay-audio",
  "page-has-heading-one",
  "presentation-role-conflict",
  "region",
  "server-side-image-map",
  "skip-link",
  "table-duplicate-name",
] as const;

/**
 * The axe rules whose answer a change of theme can move: a theme changes colours (text against its
 * background, a link told from its text by colour alone) and may swap an image (a logo drawn for the
 * dark background). A screen checked whole in one theme is checked by these in the other, at the same
 * width; the rest reads the page's structure, which is the same in both.
 */
export const RULES_A_THEME_CAN_CHANGE = [
  "color-contrast",
  "link-in-text-block",
  "image-alt",
  "svg-img-alt",
  "role-img-alt",
  "input-image-alt",
  "object-alt",
] as const;
