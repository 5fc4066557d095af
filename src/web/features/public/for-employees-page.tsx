import { buildPath } from "../../../domain/routes.ts";
import { ContentPage, PageLink, type Section, Sections, TrainingLink } from "./content-page.tsx";

const SECTIONS: readonly Section[] = [
  {
    title: "content.forEmployees.journey.title",
    blocks: [
      {
        ol: [
          "content.forEmployees.journey.step1",
          "content.forEmployees.journey.step2",
          "content.forEmployees.journey.step3",
          "content.forEmployees.journey.step4",
          "content.forEmployees.journey.step5",
          "content.forEmployees.journey.step6",
          "content.forEmployees.journey.step7",
        ],
      },
    ],
    extra: <PageLink to={buildPath("calculator")} label="content.common.calculatorLink" />,
  },
  {
    title: "content.forEmployees.money.title",
    blocks: [
      {
        ul: [
          "content.forEmployees.money.li1",
          "content.forEmployees.money.li2",
          "content.forEmployees.money.li3",
          "content.forEmployees.money.li4",
        ],
      },
      "content.forEmployees.money.p1",
    ],
  },
  {
    title: "content.forEmployees.tax.title",
    blocks: ["content.forEmployees.tax.p1", "content.forEmployees.tax.p2"],
    extra: <PageLink to={buildPath("announcement")} label="content.common.announcementLink" />,
  },
  {
    title: "content.forEmployees.leaving.title",
    blocks: ["content.forEmployees.leaving.p1", "content.forEmployees.leaving.p2"],
    extra: <PageLink to={buildPath("faq")} label="content.common.faqLink" />,
  },
];

/** /tyontekijalle: the employee's journey from the calculator to redemption. */
export function ForEmployeesPage() {
  return (
    <ContentPage routeId="forEmployees" lead="content.forEmployees.lead">
      <Sections sections={SECTIONS} />
      <TrainingLink audience="bikeUser" />
    </ContentPage>
  );
}
