import { ContactList, ContentPage, type Section, Sections } from "./content-page.tsx";

const DETAILS: readonly Section[] = [
  { title: "content.companyInfo.details.title", blocks: [], extra: <ContactList full /> },
  {
    title: "content.companyInfo.leasing.title",
    blocks: ["content.companyInfo.leasing.p1", "content.companyInfo.leasing.p2"],
  },
];

/** /yritystiedot: the operator's company details (docs/product.md "Who uses it") and the leasing companies (docs/product.md "Constants"). */
export function CompanyInfoPage() {
  return (
    <ContentPage routeId="companyInfo" lead="content.companyInfo.lead">
      <Sections sections={DETAILS} />
    </ContentPage>
  );
}
