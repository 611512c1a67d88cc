import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../tests/support/render.tsx";
import { showToast } from "./notify.ts";
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

  it("shows the latest news in place of the toast on screen", async () => {
    renderWithProviders(<Toaster />);
    await act(() => showToast({ title: "We couldn't send it" }));
    expect(await screen.findByText("We couldn't send it")).toBeInTheDocument();
    await act(() => showToast({ title: "Received" }));
    expect(await screen.findByText("Received")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("We couldn't send it")).toBeNull());
    act(() => toaster.remove());
  });
});
