import { buildPath } from "../../../domain/routes.ts";
import { ContentPage, PageLink, type Section, Sections, TrainingLink } from "./content-page.tsx";

const SECTIONS: readonly Section[] = [
  {
    title: "content.forEmployers.how.title",
    blocks: ["content.forEmployers.how.p1", "content.forEmployers.how.p2"],
  },
  {
    title: "content.forEmployers.costs.title",
    blocks: [
      "content.forEmployers.costs.p1",
      {
        ul: [
          "content.forEmployers.costs.li1",
          "content.forEmployers.costs.li2",
          "content.forEmployers.costs.li3",
        ],
      },
      "content.forEmployers.costs.p2",
    ],
  },
  {
    title: "content.forEmployers.tax.title",
    blocks: ["content.forEmployers.tax.p1", "content.forEmployers.tax.p2", "content.forEmployers.tax.p3"],
    extra: <PageLink to={buildPath("announcement")} label="content.common.announcementLink" />,
  },
  {
    title: "content.forEmployers.onboarding.title",
    blocks: [
      {
        ol: [
          "content.forEmployers.onboarding.step1",
          "content.forEmployers.onboarding.step2",
          "content.forEmployers.onboarding.step3",
          "content.forEmployers.onboarding.step4",
          "content.forEmployers.onboarding.step5",
        ],
      },
    ],
  },
  {
    title: "content.forEmployers.roles.title",
    blocks: [
      {
        ul: [
          "content.forEmployers.roles.li1",
          "content.forEmployers.roles.li2",
          "content.forEmployers.roles.li3",
          "content.forEmployers.roles.li4",
        ],
      },
    ],
  },
];

const START: readonly Section[] = [
  {
    title: "content.forEmployers.cta.title",
    blocks: ["content.forEmployers.cta.p1"],
    extra: <PageLink to={buildPath("contact")} label="content.common.contactLink" />,
  },
];

/** /tyonantajalle: how the benefit works for a company, what it costs, how to start. */
export function ForEmployersPage() {
  return (
    <ContentPage routeId="forEmployers" lead="content.forEmployers.lead">
      <Sections sections={SECTIONS} />
      <TrainingLink audience="employer" />
      <Sections sections={START} />
    </ContentPage>
  );
}
