import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { loadSections } from "../../../tests/support/content.ts";
import { renderWithProviders } from "../../../tests/support/render.tsx";
import type { FaqProps } from "./schema.ts";
import { Faq } from "./Faq.tsx";

function faqFrom(yaml: string): FaqProps {
  const { sections, errors } = loadSections(yaml);
  expect(errors).toEqual([]);
  return sections[0] as FaqProps;
}

describe("faq block", () => {
  it("takes its items from the shared collection or inline", () => {
    expect(faqFrom("- type: faq\n  items: faq").items).toHaveLength(6);
    expect(faqFrom("- type: faq\n  items:\n    - question: Q?\n      answer: A.").items).toEqual([{ question: "Q?", answer: "A." }]);
  });

  it("points at the exact field inside an inline item", () => {
    const { errors } = loadSections("- type: faq\n  items:\n    - question: Q?\n      anwser: A.");
    expect(errors).toEqual([
      'routes[0].sections[0].items[0].answer  Missing required field "answer".\nAdd answer: …  (The answer, a short paragraph.)',
      'routes[0].sections[0].items[0].anwser  Unknown field "anwser".\nDid you mean "answer"? Fields here: question, answer.',
    ]);
  });

  it("puts every answer in the markup, all closed, in one exclusive group", () => {
    const props = faqFrom("- type: faq\n  id: faq\n  heading: Questions\n  items: faq");
    const { container } = renderWithProviders(<Faq {...props} />);
    const details = [...container.querySelectorAll("details")];
    expect(details).toHaveLength(6);
    expect(new Set(details.map((d) => d.getAttribute("name")))).toEqual(new Set(["faq-faq"]));
    expect(details.every((d) => !d.open)).toBe(true);
    for (const item of props.items) expect(screen.getByText(item.answer)).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Questions" })).toBeInTheDocument();
  });

  it("opens an answer when its question is chosen and closes it when chosen again", async () => {
    const props = faqFrom("- type: faq\n  items: faq");
    const { container } = renderWithProviders(<Faq {...props} />);
    const user = userEvent.setup();
    const first = container.querySelectorAll("details")[0]!;
    await user.click(screen.getByText(props.items[0]!.question));
    expect(first.open).toBe(true);
    await user.click(screen.getByText(props.items[0]!.question));
    expect(first.open).toBe(false);
  });
});
