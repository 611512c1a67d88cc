import { createRoot } from "react-dom/client";
import { clientEmotionCache } from "./client-cache.ts";
import { Providers } from "./Providers.tsx";
import { Toaster } from "./toaster.tsx";

/** Mounts the toast region as a root of its own, for pages without a whole-app tree. */
export function mountToaster() {
  const container = document.createElement("div");
  document.body.append(container);
  createRoot(container).render(
    <Providers cache={clientEmotionCache()}>
      <Toaster />
    </Providers>,
  );
}
