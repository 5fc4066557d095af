import { Accordion, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { buildPath } from "../../../domain/routes.ts";
import classes from "./content-page.module.css";
import { ContentPage, PageLink } from "./content-page.tsx";

type Group = { id: string; title: string; items: readonly { question: string; answer: string }[] };

/** The questions by reader; each pair is written out so the catalogue test sees every key used. */
export const FAQ_GROUPS: readonly Group[] = [
  {
    id: "employees",
    title: "content.faq.employees.title",
    items: [
      { question: "content.faq.employees.q1.question", answer: "content.faq.employees.q1.answer" },
      { question: "content.faq.employees.q2.question", answer: "content.faq.employees.q2.answer" },
      { question: "content.faq.employees.q3.question", answer: "content.faq.employees.q3.answer" },
      { question: "content.faq.employees.q4.question", answer: "content.faq.employees.q4.answer" },
      { question: "content.faq.employees.q5.question", answer: "content.faq.employees.q5.answer" },
      { question: "content.faq.employees.q6.question", answer: "content.faq.employees.q6.answer" },
      { question: "content.faq.employees.q7.question", answer: "content.faq.employees.q7.answer" },
      { question: "content.faq.employees.q8.question", answer: "content.faq.employees.q8.answer" },
      { question: "content.faq.employees.q9.question", answer: "content.faq.employees.q9.answer" },
      { question: "content.faq.employees.q10.question", answer: "content.faq.employees.q10.answer" },
      { question: "content.faq.employees.q11.question", answer: "content.faq.employees.q11.answer" },
      { question: "content.faq.employees.q12.question", answer: "content.faq.employees.q12.answer" },
    ],
  },
  {
    id: "employers",
    title: "content.faq.employers.title",
    items: [
      { question: "content.faq.employers.q1.question", answer: "content.faq.employers.q1.answer" },
      { question: "content.faq.employers.q2.question", answer: "content.faq.employers.q2.answer" },
      { question: "content.faq.employers.q3.question", answer: "content.faq.employers.q3.answer" },
    ],
  },
  {
    id: "stores",
    title: "content.faq.stores.title",
    items: [
      { question: "content.faq.stores.q1.question", answer: "content.faq.stores.q1.answer" },
      { question: "content.faq.stores.q2.question", answer: "content.faq.stores.q2.answer" },
    ],
  },
  {
    id: "tax",
    title: "content.faq.tax.title",
    items: [
      { question: "content.faq.tax.q1.question", answer: "content.faq.tax.q1.answer" },
      { question: "content.faq.tax.q2.question", answer: "content.faq.tax.q2.answer" },
      { question: "content.faq.tax.q3.question", answer: "content.faq.tax.q3.answer" },
    ],
  },
];

/** The table of contents: one link per group, to the group's section (#employees ... #tax). */
const FAQ_TOC = FAQ_GROUPS.map((g) => ({ id: g.id, title: g.title }));

/** /usein-kysytyt-kysymykset: grouped questions and answers, each group an accordion. */
export function FaqPage() {
  const { t } = useTranslation();
  return (
    <ContentPage routeId="faq" lead="content.faq.lead" toc={FAQ_TOC}>
      {FAQ_GROUPS.map((group) => (
        <Stack
          component="section"
          gap="sm"
          key={group.id}
          id={group.id}
          className={classes.anchor}
          aria-labelledby={`faq-${group.id}`}
        >
          <Title order={2} size="h3" id={`faq-${group.id}`} className={classes.heading}>
            {t(group.title)}
          </Title>
          <Accordion variant="separated" multiple chevronPosition="right">
            {group.items.map((item) => (
              <Accordion.Item key={item.question} value={item.question}>
                <Accordion.Control>
                  <Text component="span" fw={600}>
                    {t(item.question)}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text>{t(item.answer)}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      ))}
      <PageLink to={buildPath("contact")} label="content.common.contactLink" />
    </ContentPage>
  );
}
