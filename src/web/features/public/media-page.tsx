import { ContactList, ContentPage, type Section, Sections } from "./content-page.tsx";

const SECTIONS: readonly Section[] = [
  {
    title: "content.media.facts.title",
    blocks: [
      {
        ul: [
          "content.media.facts.li1",
          "content.media.facts.li2",
          "content.media.facts.li3",
          "content.media.facts.li4",
        ],
      },
    ],
  },
  { title: "content.media.contact.title", blocks: ["content.media.contact.p1"], extra: <ContactList /> },
];

/** /medialle: background facts and the press contact. */
export function MediaPage() {
  return (
    <ContentPage routeId="media" lead="content.media.lead">
      <Sections sections={SECTIONS} />
    </ContentPage>
  );
}
