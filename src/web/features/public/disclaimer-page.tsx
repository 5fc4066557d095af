import { ContentPage, type Section, Sections } from "./content-page.tsx";

const SECTIONS: readonly Section[] = [
  { title: "content.disclaimer.info.title", blocks: ["content.disclaimer.info.p1"] },
  { title: "content.disclaimer.calculator.title", blocks: ["content.disclaimer.calculator.p1"] },
  { title: "content.disclaimer.links.title", blocks: ["content.disclaimer.links.p1"] },
  { title: "content.disclaimer.liability.title", blocks: ["content.disclaimer.liability.p1"] },
];

/** /vastuuvapauslauseke: the disclaimer. */
export function DisclaimerPage() {
  return (
    <ContentPage routeId="disclaimer" lead="content.disclaimer.lead">
      <Sections sections={SECTIONS} />
    </ContentPage>
  );
}
