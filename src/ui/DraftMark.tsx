import { Box } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * The mark on a draft (draft: true) where it is shown: the dev server and the editor's preview.
 * A build never has a draft to mark. Dark text on pale yellow, readable on any tone.
 */
export function DraftMark({ what, children }: { what: "page" | "section"; children?: ReactNode }) {
  const label = (
    <Box
      as="p"
      data-draft-mark=""
      role="note"
      bg="#fff3b0"
      color="#1f1a00"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor="#7a6500"
      px="3"
      py="1"
      fontSize="sm"
      fontWeight="bold"
      textAlign="center"
    >
      {what === "page" ? "Draft page: not published until draft: true is removed" : "Draft section: not published until draft: true is removed"}
    </Box>
  );
  if (!children) return label;
  return (
    <Box data-draft-section="" outline="2px dashed #7a6500" outlineOffset="-2px">
      {label}
      {children}
    </Box>
  );
}
