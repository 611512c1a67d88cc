import type { toaster } from "./toaster.tsx";

/**
 * Shows a toast. The toast machinery loads on first use, and a prerendered page
 * (which hydrates only its interactive parts) gets its toast region mounted then.
 */
export async function showToast(options: Parameters<typeof toaster.create>[0]) {
  const { toaster, ensureToaster } = await import("./toaster.tsx");
  await ensureToaster();
  toaster.create(options);
}
