import { buildPath } from "../../../domain/routes.ts";
import { ContactList, ContentPage, PageLink, type Section, Sections, tocOf } from "./content-page.tsx";

/**
 * The sections say to the people themselves what docs/privacy.md records for the employers' data
 * protection officers: roles, purposes and bases, data, recipients, retention and legal holds, and how a
 * request is answered. A change to one is a change to the other.
 */
const SECTIONS: readonly Section[] = [
  {
    id: "controller",
    title: "content.privacyPolicy.controller.title",
    blocks: ["content.privacyPolicy.controller.p1"],
  },
  { id: "roles", title: "content.privacyPolicy.roles.title", blocks: ["content.privacyPolicy.roles.p1"] },
  {
    id: "purposes",
    title: "content.privacyPolicy.purposes.title",
    blocks: [
      {
        ul: [
          "content.privacyPolicy.purposes.li1",
          "content.privacyPolicy.purposes.li2",
          "content.privacyPolicy.purposes.li3",
          "content.privacyPolicy.purposes.li4",
          "content.privacyPolicy.purposes.li5",
          "content.privacyPolicy.purposes.li6",
          "content.privacyPolicy.purposes.li7",
        ],
      },
    ],
  },
  {
    id: "data",
    title: "content.privacyPolicy.data.title",
    blocks: [
      {
        ul: [
          "content.privacyPolicy.data.li1",
          "content.privacyPolicy.data.li2",
          "content.privacyPolicy.data.li3",
          "content.privacyPolicy.data.li4",
          "content.privacyPolicy.data.li5",
          "content.privacyPolicy.data.li6",
          "content.privacyPolicy.data.li7",
          "content.privacyPolicy.data.li8",
          "content.privacyPolicy.data.li9",
          "content.privacyPolicy.data.li10",
        ],
      },
    ],
  },
  {
    id: "recipients",
    title: "content.privacyPolicy.recipients.title",
    blocks: [
      {
        ul: [
          "content.privacyPolicy.recipients.li1",
          "content.privacyPolicy.recipients.li2",
          "content.privacyPolicy.recipients.li3",
          "content.privacyPolicy.recipients.li4",
          "content.privacyPolicy.recipients.li5",
          "content.privacyPolicy.recipients.li6",
          "content.privacyPolicy.recipients.li7",
        ],
      },
    ],
  },
  {
    id: "transfers",
    title: "content.privacyPolicy.transfers.title",
    blocks: ["content.privacyPolicy.transfers.p1"],
  },
  {
    // The periods of src/domain/retention.ts (the development outbox aside, never used in production)
    // and the legal holds of the erasure, as docs/privacy.md "Retention" lists them.
    id: "retention",
    title: "content.privacyPolicy.retention.title",
    blocks: [
      "content.privacyPolicy.retention.p1",
      {
        ul: [
          "content.privacyPolicy.retention.li1",
          "content.privacyPolicy.retention.li2",
          "content.privacyPolicy.retention.li3",
          "content.privacyPolicy.retention.li4",
          "content.privacyPolicy.retention.li5",
          "content.privacyPolicy.retention.li6",
          "content.privacyPolicy.retention.li7",
          "content.privacyPolicy.retention.li8",
        ],
      },
      "content.privacyPolicy.retention.p2",
      { ul: ["content.privacyPolicy.retention.hold1", "content.privacyPolicy.retention.hold2"] },
    ],
  },
  {
    id: "security",
    title: "content.privacyPolicy.security.title",
    blocks: ["content.privacyPolicy.security.p1"],
  },
  {
    id: "rights",
    title: "content.privacyPolicy.rights.title",
    blocks: [
      {
        ul: [
          "content.privacyPolicy.rights.li1",
          "content.privacyPolicy.rights.li2",
          "content.privacyPolicy.rights.li3",
          "content.privacyPolicy.rights.li4",
          "content.privacyPolicy.rights.li5",
          "content.privacyPolicy.rights.li6",
        ],
      },
      "content.privacyPolicy.rights.p1",
    ],
  },
  {
    id: "export",
    title: "content.privacyPolicy.export.title",
    blocks: [
      "content.privacyPolicy.export.p1",
      "content.privacyPolicy.export.p2",
      "content.privacyPolicy.export.p3",
    ],
    extra: <PageLink to={buildPath("ownDetails")} label="content.privacyPolicy.export.link" />,
  },
  {
    id: "erasure",
    title: "content.privacyPolicy.erasure.title",
    blocks: [
      "content.privacyPolicy.erasure.p1",
      "content.privacyPolicy.erasure.p2",
      "content.privacyPolicy.erasure.p3",
    ],
    extra: <PageLink to={buildPath("contact")} label="content.common.contactLink" />,
  },
  {
    id: "complaint",
    title: "content.privacyPolicy.complaint.title",
    blocks: ["content.privacyPolicy.complaint.p1"],
  },
  {
    id: "cookie",
    title: "content.privacyPolicy.cookies.title",
    blocks: [
      "content.privacyPolicy.cookies.p1",
      {
        ul: [
          "content.privacyPolicy.cookies.li1",
          "content.privacyPolicy.cookies.li2",
          "content.privacyPolicy.cookies.li3",
        ],
      },
      "content.privacyPolicy.cookies.p2",
    ],
  },
  {
    id: "changes",
    title: "content.privacyPolicy.changes.title",
    blocks: ["content.privacyPolicy.changes.p1"],
  },
  { id: "contact", title: "content.common.contactHeading", blocks: [], extra: <ContactList /> },
];

/** /tietosuojaseloste: the privacy policy, with the cookies at #cookie (docs/product.md "Screens") and a table of contents. */
export function PrivacyPolicyPage() {
  return (
    <ContentPage routeId="privacyPolicy" lead="content.privacyPolicy.lead" toc={tocOf(SECTIONS)}>
      <Sections sections={SECTIONS} />
    </ContentPage>
  );
}
