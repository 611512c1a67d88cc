import type { toaster } from "./toaster.tsx";

/**
 * Shows a toast, in place of any toast already shown: what the visitor reads is
 * always the latest news (a retry's result, never the previous attempt's). The
 * toast machinery loads on first use, and a prerendered page (which hydrates only
 * its interactive parts) gets its toast region mounted then.
 */
export async function showToast(options: Parameters<typeof toaster.create>[0]) {
  const { toaster, toasterMounted } = await import("./toaster.tsx");
  const { mounted, ready } = toasterMounted();
  if (!mounted) {
    // A prerendered page has no whole-app tree: the toast region becomes a root of its own.
    const { mountToaster } = await import("./toaster-root.tsx");
    mountToaster();
  }
  await ready;
  toaster.remove();
  toaster.create(options);
}
