import { buildPath } from "../../../domain/routes.ts";
import { ContentPage, PageLink, type Section, Sections } from "./content-page.tsx";

const SECTIONS: readonly Section[] = [
  {
    title: "content.forBikeStores.join.title",
    blocks: ["content.forBikeStores.join.p1", "content.forBikeStores.join.p2"],
    extra: <PageLink to={buildPath("contact")} label="content.common.contactLink" />,
  },
  {
    title: "content.forBikeStores.flow.title",
    blocks: [
      {
        ol: [
          "content.forBikeStores.flow.step1",
          "content.forBikeStores.flow.step2",
          "content.forBikeStores.flow.step3",
          "content.forBikeStores.flow.step4",
          "content.forBikeStores.flow.step5",
        ],
      },
    ],
  },
  { title: "content.forBikeStores.after.title", blocks: ["content.forBikeStores.after.p1"] },
];

/** /pyoraliikkeelle: how a bike store joins and how orders and payments flow. */
export function ForBikeStoresPage() {
  return (
    <ContentPage routeId="forBikeStores" lead="content.forBikeStores.lead">
      <Sections sections={SECTIONS} />
    </ContentPage>
  );
}
