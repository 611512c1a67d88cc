import { createToaster, Portal, Toast, Toaster as ChakraToaster } from "@chakra-ui/react";
import { useEffect } from "react";

/**
 * The site's one notification channel. At most one toast is visible; a new one
 * replaces it. After dismissal a toast stays mounted for a long exit delay so
 * assistive technology can finish announcing it.
 */
export const toaster = createToaster({
  placement: "bottom-end",
  max: 1,
  removeDelay: 1_000_000,
  pauseOnPageIdle: true,
});

let mountedToasters = 0;
const waitingForToaster = new Set<() => void>();

export function Toaster() {
  useEffect(() => {
    mountedToasters++;
    for (const resume of waitingForToaster) resume();
    waitingForToaster.clear();
    return () => {
      mountedToasters--;
    };
  }, []);
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }}>
            <Toast.Indicator />
            <div>
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </div>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}

/**
 * Resolves once a toast region is mounted (at once when one is). Mounting one is
 * the caller's part (notify.ts), so this module imports nothing of the site's.
 */
export function toasterMounted(): { mounted: boolean; ready: Promise<void> } {
  if (mountedToasters > 0) return { mounted: true, ready: Promise.resolve() };
  return { mounted: false, ready: new Promise<void>((resolve) => waitingForToaster.add(resolve)) };
}
