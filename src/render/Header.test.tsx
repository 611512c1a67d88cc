import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../tests/support/render.tsx";
import { currentMark, Header } from "./Header.tsx";

function mobileMenu(container: HTMLElement) {
  const details = container.querySelector("details")!;
  return { details, toggle: details.querySelector("summary")!, panel: within(details) };
}

describe("header", () => {
  it("links every page and marks the current one", () => {
    renderWithProviders(<Header />, "/tax-course");
    const [desktop] = screen.getAllByRole("navigation", { name: "Main" });
    const links = within(desktop!).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["/", "/tax-course", "/calculator", "/services", "/press", "/resources", "/links"]);
    expect(within(desktop!).getByRole("link", { name: "Tax Course" })).toHaveAttribute("aria-current", "page");
    expect(within(desktop!).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
  });

  it("marks the part of the site a page sits under: Resources on an article", () => {
    renderWithProviders(<Header />, "/resources/choosing-an-entity");
    const [desktop] = screen.getAllByRole("navigation", { name: "Main" });
    expect(within(desktop!).getByRole("link", { name: "Resources" })).toHaveAttribute("aria-current", "true");
    // Home is every page's ancestor by its address, not by its place in the site.
    expect(within(desktop!).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
    expect(currentMark("/resources", "/resources")).toBe("page");
    expect(currentMark("/resources", "/resources-old")).toBeUndefined();
  });

  it("opens the course page from Get Started in a new tab", () => {
    renderWithProviders(<Header />);
    for (const link of screen.getAllByRole("link", { name: /Get Started/ })) {
      expect(link).toHaveAttribute("href", "https://teachable.com/");
      expect(link).toHaveAttribute("target", "_blank");
    }
  });

  it("closes the phone menu when a link is chosen", async () => {
    const user = userEvent.setup();
    const { container } = renderWithProviders(<Header />);
    const { details, toggle, panel } = mobileMenu(container);
    await user.click(toggle);
    expect(details.open).toBe(true);
    await user.click(panel.getByRole("link", { name: "Services" }));
    expect(details.open).toBe(false);
  });

  it("closes the phone menu when Get Started is chosen", async () => {
    const user = userEvent.setup();
    const { container } = renderWithProviders(<Header />);
    const { details, toggle, panel } = mobileMenu(container);
    await user.click(toggle);
    await user.click(panel.getByRole("link", { name: /Get Started/ }));
    expect(details.open).toBe(false);
  });

  it("closes the phone menu on Escape and returns focus to its button", async () => {
    const user = userEvent.setup();
    const { container } = renderWithProviders(<Header />);
    const { details, toggle, panel } = mobileMenu(container);
    await user.click(toggle);
    panel.getByRole("link", { name: "Press" }).focus();
    await user.keyboard("{Escape}");
    expect(details.open).toBe(false);
    expect(toggle).toHaveFocus();
  });

  it("closes the phone menu when focus moves on past it, and keeps it open while focus moves within it", async () => {
    const user = userEvent.setup();
    const { container } = renderWithProviders(
      <>
        <Header />
        <button type="button">After the header</button>
      </>,
    );
    const { details, toggle, panel } = mobileMenu(container);
    await user.click(toggle);
    const [first, second] = panel.getAllByRole("link");
    first!.focus();
    second!.focus();
    expect(details.open).toBe(true);
    screen.getByRole("button", { name: "After the header" }).focus();
    await expect.poll(() => details.open).toBe(false);
  });

  it("closes the phone menu on a tap outside it, and not on one inside it", async () => {
    const user = userEvent.setup();
    const { container } = renderWithProviders(
      <>
        <Header />
        <p>Page text</p>
      </>,
    );
    const { details, toggle, panel } = mobileMenu(container);
    await user.click(toggle);
    await user.pointer({ keys: "[MouseLeft]", target: panel.getByRole("navigation") });
    expect(details.open).toBe(true);
    await user.click(screen.getByText("Page text"));
    expect(details.open).toBe(false);
  });
});
