import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { IdentificationOutcome } from "./identification-outcome.tsx";

beforeAll(() => loadTexts("fi"));

function renderAt(path: string) {
  return renderUi(
    <IdentificationOutcome successTitle="Allekirjoitus onnistui" successText="Sopimus on nyt sinun." />,
    {
      path,
    },
  );
}

describe("IdentificationOutcome", () => {
  it("says a signature succeeded, takes the outcome out of the address and keeps the rest", async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderAt("/tyonantaja?valilehti=tilaukset&identification=SIGNED");
    const alert = screen.getByRole("status");
    expect(alert).toHaveTextContent("Allekirjoitus onnistui");
    expect(alert).toHaveTextContent("Sopimus on nyt sinun.");
    await waitFor(() => expect(router.state.location.search).toBe("?valilehti=tilaukset"));
    // The history entry was replaced, not added to: back does not bring the outcome again.
    expect(router.state.historyAction).toBe("REPLACE");
    expect(screen.getByRole("status")).toHaveTextContent("Allekirjoitus onnistui");

    await user.click(within(alert).getByRole("button", { name: "Sulje" }));
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("says why it failed by the outcome's code", async () => {
    const { router } = renderAt("/mybike?identification=IDENTITY_MISMATCH");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Tunnistettu henkilö ei ole tämän tilauksen henkilö, joten mitään ei allekirjoitettu.",
    );
    expect(screen.queryByText("Allekirjoitus onnistui")).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("reads an outcome it does not know as a failed identification", () => {
    renderAt("/mybike?identification=SOMETHING_NEW");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Tunnistautuminen ei onnistunut, eikä mitään allekirjoitettu. Yritä uudelleen.",
    );
  });

  it("says nothing without an outcome in the address", () => {
    const { router } = renderAt("/mybike?valilehti=x");
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(router.state.location.search).toBe("?valilehti=x");
  });
});
