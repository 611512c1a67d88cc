import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { exampleSection, loadSections } from "../../../tests/support/content.ts";
import { renderWithProviders } from "../../../tests/support/render.tsx";
import { Form } from "./Form.tsx";
import type { FormProps } from "./schema.ts";
import { mailtoUrl, openMailProgram } from "./submit.ts";

vi.mock("./submit.ts", async (importOriginal) => ({ ...(await importOriginal<typeof import("./submit.ts")>()), openMailProgram: vi.fn() }));

function renderForm(yaml: string) {
  const { sections, errors } = loadSections(yaml);
  expect(errors).toEqual([]);
  return renderWithProviders(<Form {...(sections[0] as FormProps)} />);
}

describe("form block", () => {
  beforeEach(() => vi.mocked(openMailProgram).mockClear());

  it("builds a mailto: link with the details as the body", () => {
    expect(
      mailtoUrl("mailto:hello@example.com", "Sign-up", [
        { label: "Email", value: "a@b.co" },
        { label: "First name", value: "Ann & Co" },
      ]),
    ).toBe("mailto:hello@example.com?subject=Sign-up&body=Email%3A%20a%40b.co%0AFirst%20name%3A%20Ann%20%26%20Co");
    expect(mailtoUrl("mailto:hello@example.com", undefined, [])).toBe("mailto:hello@example.com");
  });

  it("marks required fields and posts natively to the firm's email without an action", () => {
    const { container } = renderForm(exampleSection("form"));
    const email = screen.getByLabelText(/Email/);
    expect(email).toBeRequired();
    expect(email).toHaveAttribute("type", "email");
    const form = container.querySelector("form")!;
    expect(form.getAttribute("action")).toBe("mailto:hello@example.com?subject=Newsletter%20sign-up");
    expect(form.getAttribute("enctype")).toBe("text/plain");
  });

  it("opens the mail program with what was typed when there is no action", async () => {
    renderForm(exampleSection("form"));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), "visitor@example.org");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(openMailProgram).toHaveBeenCalledWith("mailto:hello@example.com?subject=Newsletter%20sign-up&body=Email%3A%20visitor%40example.org");
  });

  it("does not submit until the browser's validation passes", async () => {
    renderForm(exampleSection("form"));
    await userEvent.setup().click(screen.getByRole("button", { name: "Subscribe" }));
    expect(openMailProgram).not.toHaveBeenCalled();
  });

  it("rejects two fields with the same name", () => {
    const { errors } = loadSections(
      "- type: form\n  fields:\n    - name: email\n      label: Email\n      type: email\n    - name: email\n      label: Email again\n      type: email\n  submitLabel: Go\n  success:\n    title: OK\n  failure:\n    title: Failed",
    );
    expect(errors).toEqual(['routes[0].sections[0].fields[1].name  Two fields are named "email".\nGive each field its own name.']);
  });
});
