import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./ErrorScreen.tsx";

function Broken(): never {
  throw new Error("Section data is missing");
}

describe("ErrorBoundary", () => {
  it("ends a rendering error on the error screen with its message and stack", () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("Unexpected Application Error!");
    expect(screen.getByRole("heading", { level: 3 })).toHaveTextContent("Section data is missing");
    expect(screen.getByRole("alert").querySelector("pre")?.textContent).toMatch(/Broken/);
    quiet.mockRestore();
  });
});
