import { chakra, type HTMLChakraProps } from "@chakra-ui/react";
import { ICON_PATHS, type IconName } from "../content/icon-paths.ts";

/** A decorative icon from the site's set; hidden from assistive technology. */
export function Icon({ name, ...rest }: { name: IconName } & HTMLChakraProps<"svg">) {
  return (
    <chakra.svg
      viewBox="0 0 24 24"
      boxSize="6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      flexShrink={0}
      {...rest}
    >
      <path d={ICON_PATHS[name]} />
    </chakra.svg>
  );
}
