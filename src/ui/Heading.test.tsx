import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../tests/support/render.tsx";
import { Heading, keepHyphenatedWordsInText } from "./Heading.tsx";

const kept = (heading: HTMLElement, className: string) => [...heading.querySelectorAll(`.${className}`)].map((span) => span.textContent);

describe("Heading", () => {
  it("keeps hyphenated words whole and a short ending together, and its text as written", () => {
    renderWithProviders(<Heading as="h2">Become a confident, well-paid tax preparer</Heading>);
    const heading = screen.getByRole("heading", { level: 2 });
    expect(heading).toHaveTextContent(/^Become a confident, well-paid tax preparer$/);
    expect(kept(heading, "keep-word")).toEqual(["a confident,", "well-paid"]);
    expect(kept(heading, "keep-ending")).toEqual(["tax preparer"]);
  });

  it("keeps a one-letter word with the next, so no line ends on it, in any language, and the text as written", () => {
    renderWithProviders(
      <>
        <Heading as="h2">Quarterly Estimated Taxes: A Plain-English Guide</Heading>
        <Heading as="h3">Impuestos y contabilidad para su negocio</Heading>
      </>,
    );
    const [english, spanish] = [2, 3].map((level) => screen.getByRole("heading", { level })!);
    expect(kept(english!, "keep-word")).toEqual(["A Plain-English"]);
    expect(kept(spanish!, "keep-word")).toEqual(["y contabilidad"]);
    expect(english!.textContent).toBe("Quarterly Estimated Taxes: A Plain-English Guide");
    expect(spanish!.textContent).toBe("Impuestos y contabilidad para su negocio");
  });

  it("leaves an ending too long for a phone's line, or a heading of three words or fewer, to wrap as it will", () => {
    renderWithProviders(
      <>
        <Heading as="h2">Build a profitable tax preparation business</Heading>
        <Heading as="h3">Year-Round</Heading>
        <Heading as="h4">Free Video Training</Heading>
      </>,
    );
    const [long, single, short] = [2, 3, 4].map((level) => screen.getByRole("heading", { level }));
    expect(kept(long!, "keep-ending")).toEqual([]);
    // Three words: keeping the last two together would only leave the first alone on top.
    expect(kept(short!, "keep-ending")).toEqual([]);
    expect(kept(single!, "keep-ending")).toEqual([]);
    expect(kept(single!, "keep-word")).toEqual(["Year-Round"]);
  });

  it("keeps a checklist line's hyphenated words whole without holding its last words together", () => {
    renderWithProviders(<p data-testid="line">{keepHyphenatedWordsInText("Lifetime access and yearly tax-law updates")}</p>);
    const line = screen.getByTestId("line");
    expect(line).toHaveTextContent(/^Lifetime access and yearly tax-law updates$/);
    expect(kept(line, "keep-word")).toEqual(["tax-law"]);
    expect(kept(line, "keep-ending")).toEqual([]);
  });
});
