import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";
import { createEmotionCache, Providers } from "../../src/app/Providers.tsx";

/** Renders UI inside the app's providers and a router at `path`. */
export function renderWithProviders(ui: ReactElement, path = "/") {
  return render(
    <Providers cache={createEmotionCache()}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Providers>,
  );
}
