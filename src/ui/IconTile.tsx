import { Box, type BoxProps } from "@chakra-ui/react";
import type { IconName } from "../content/icon-paths.ts";
import { Icon } from "./Icon.tsx";

/**
 * A card's icon on its tinted square tile: a size smaller on phones, up to the breakpoint named by
 * `from` (cards stack one to a row until md, features until sm).
 */
export function IconTile({ name, from, ...rest }: { name: IconName; from: "sm" | "md" } & BoxProps) {
  return (
    <Box
      w={{ base: "10", [from]: "12" }}
      h={{ base: "10", [from]: "12" }}
      display="grid"
      placeItems="center"
      borderRadius="lg"
      bg="bg.tint"
      color="fg.highlight"
      {...rest}
    >
      <Icon name={name} />
    </Box>
  );
}
