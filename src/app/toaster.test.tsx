import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../tests/support/render.tsx";
import { Toaster, toaster } from "./toaster.tsx";

describe("toaster", () => {
  it("shows one toast at a time", async () => {
    renderWithProviders(<Toaster />);
    act(() => {
      toaster.create({ title: "First" });
      toaster.create({ title: "Second" });
    });
    expect(await screen.findByText("First")).toBeInTheDocument();
    expect(screen.queryByText("Second")).toBeNull();
    act(() => toaster.dismiss());
  });
});
