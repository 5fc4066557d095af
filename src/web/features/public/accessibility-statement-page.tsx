import { buildPath } from "../../../domain/routes.ts";
import { ContentPage, PageLink, type Section, Sections, tocOf } from "./content-page.tsx";

/**
 * What the Act on the Provision of Digital Services (306/2019) asks a statement to say: what it covers,
 * how far the service complies with WCAG 2.1 AA, what is not accessible, when and how it was assessed,
 * where to give feedback and who enforces. The checks it lists are those the tests really run (axe in
 * both themes, the phone widths, contrast, labels, the three languages); a claim added here needs a test.
 */
const SECTIONS: readonly Section[] = [
  {
    id: "scope",
    title: "content.accessibilityStatement.scope.title",
    blocks: ["content.accessibilityStatement.scope.p1"],
  },
  {
    id: "status",
    title: "content.accessibilityStatement.status.title",
    blocks: ["content.accessibilityStatement.status.p1"],
  },
  {
    id: "assessment",
    title: "content.accessibilityStatement.assessment.title",
    blocks: [
      "content.accessibilityStatement.assessment.p1",
      {
        ul: [
          "content.accessibilityStatement.assessment.li1",
          "content.accessibilityStatement.assessment.li2",
          "content.accessibilityStatement.assessment.li3",
          "content.accessibilityStatement.assessment.li4",
          "content.accessibilityStatement.assessment.li5",
          "content.accessibilityStatement.assessment.li6",
        ],
      },
    ],
  },
  {
    // The PDFs are drawn with pdf-lib (src/server/pdf/writer.ts): real text with a title and a language,
    // but no structure tree, so a screen reader gets no headings, lists or tables.
    id: "gaps",
    title: "content.accessibilityStatement.gaps.title",
    blocks: ["content.accessibilityStatement.gaps.p1", "content.accessibilityStatement.gaps.p2"],
  },
  {
    id: "prepared",
    title: "content.accessibilityStatement.prepared.title",
    blocks: ["content.accessibilityStatement.prepared.p1"],
  },
  {
    id: "feedback",
    title: "content.accessibilityStatement.feedback.title",
    blocks: ["content.accessibilityStatement.feedback.p1"],
    extra: <PageLink to={buildPath("contact")} label="content.common.contactLink" />,
  },
  {
    id: "enforcement",
    title: "content.accessibilityStatement.enforcement.title",
    blocks: [
      "content.accessibilityStatement.enforcement.p1",
      {
        ul: [
          "content.accessibilityStatement.enforcement.li1",
          "content.accessibilityStatement.enforcement.li2",
          "content.accessibilityStatement.enforcement.li3",
          "content.accessibilityStatement.enforcement.li4",
        ],
      },
    ],
  },
];

/** /saavutettavuusseloste: the accessibility statement, with a table of contents like the privacy policy. */
export function AccessibilityStatementPage() {
  return (
    <ContentPage
      routeId="accessibilityStatement"
      lead="content.accessibilityStatement.lead"
      toc={tocOf(SECTIONS)}
    >
      <Sections sections={SECTIONS} />
    </ContentPage>
  );
}
