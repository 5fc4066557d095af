import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { buildPath } from "../../../domain/routes.ts";
import { ContentPage, PageLink, type Section, Sections } from "./content-page.tsx";

const SECTIONS: readonly Section[] = [
  { title: "content.announcement.what.title", blocks: ["content.announcement.what.p1"] },
  {
    title: "content.announcement.who.title",
    blocks: [
      {
        ul: ["content.announcement.who.li1", "content.announcement.who.li2", "content.announcement.who.li3"],
      },
      "content.announcement.who.p1",
    ],
  },
  { title: "content.announcement.means.title", blocks: ["content.announcement.means.p1"] },
  {
    title: "content.announcement.still.title",
    blocks: [
      {
        ul: [
          "content.announcement.still.li1",
          "content.announcement.still.li2",
          "content.announcement.still.li3",
        ],
      },
      "content.announcement.still.p1",
    ],
    extra: <PageLink to={buildPath("calculator")} label="content.common.calculatorLink" />,
  },
];

/** /tiedote-pyoraedusta: the article on the removal of the tax exemption (HE 98/2025 vp). */
export function AnnouncementPage() {
  const { t } = useTranslation();
  return (
    <ContentPage routeId="announcement" lead="content.announcement.lead">
      <Text size="sm" c="dimmed">
        {t("content.announcement.published")}
      </Text>
      <Sections sections={SECTIONS} />
    </ContentPage>
  );
}
