import { createToaster, Portal, Toast, Toaster as ChakraToaster } from "@chakra-ui/react";

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

export function Toaster() {
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
