import { ContactList, ContentPage, type Section, Sections, tocOf } from "./content-page.tsx";

const SECTIONS: readonly Section[] = [
  {
    id: "controller",
    title: "content.privacyPolicy.controller.title",
    blocks: ["content.privacyPolicy.controller.p1"],
  },
  { id: "roles", title: "content.privacyPolicy.roles.title", blocks: ["content.privacyPolicy.roles.p1"] },
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
        ],
      },
    ],
  },
  {
    id: "bases",
    title: "content.privacyPolicy.bases.title",
    blocks: [
      {
        ul: [
          "content.privacyPolicy.bases.li1",
          "content.privacyPolicy.bases.li2",
          "content.privacyPolicy.bases.li3",
          "content.privacyPolicy.bases.li4",
        ],
      },
    ],
  },
  {
    id: "retention",
    title: "content.privacyPolicy.retention.title",
    blocks: [
      {
        ul: [
          "content.privacyPolicy.retention.li1",
          "content.privacyPolicy.retention.li2",
          "content.privacyPolicy.retention.li3",
          "content.privacyPolicy.retention.li4",
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

/** /tietosuojaseloste: the privacy policy, with the cookies at #cookie (SPEC §2) and a table of contents. */
export function PrivacyPolicyPage() {
  return (
    <ContentPage routeId="privacyPolicy" lead="content.privacyPolicy.lead" toc={tocOf(SECTIONS)}>
      <Sections sections={SECTIONS} />
    </ContentPage>
  );
}
