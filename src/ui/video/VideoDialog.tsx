import { Box, Button, chakra, Flex, Heading } from "@chakra-ui/react";
import { useId } from "react";
import { useSite } from "../site-context.ts";
import { PLAYER_FRAME_CSS, VIDEO_ATTRIBUTES } from "./video-dom.ts";

/**
 * The window a button's video plays in: a native modal dialog, so Escape closes
 * it, the page behind is inert and the browser keeps focus inside. It stays
 * closed and empty until the page's video script opens it (live.ts), which puts
 * the player in and takes it out again on close, so playback stops.
 */
export function VideoDialog() {
  const { videoLabels } = useSite();
  const titleId = useId();
  return (
    <chakra.dialog
      {...{ [VIDEO_ATTRIBUTES.dialog]: "" }}
      aria-labelledby={titleId}
      w="min(64rem, calc(100vw - 1.5rem))"
      maxW="none"
      maxH="none"
      m="auto"
      p="0"
      border="0"
      borderRadius="xl"
      bg="navy.950"
      color="white"
      overflow="hidden"
      shadow="2xl"
      css={{ "&::backdrop": { background: "rgba(3, 7, 18, 0.85)" } }}
    >
      <Flex align="center" justify="space-between" gap="4" px={{ base: "4", md: "5" }} py="3">
        <Heading
          as="h2"
          id={titleId}
          fontSize={{ base: "sm", md: "md" }}
          fontWeight="semibold"
          color="white"
          lineClamp={2}
          {...{ [VIDEO_ATTRIBUTES.dialogTitle]: "" }}
        />
        <Button
          type="button"
          size="sm"
          variant="outline"
          color="white"
          borderColor="whiteAlpha.600"
          _hover={{ bg: "whiteAlpha.200" }}
          flexShrink={0}
          autoFocus
          {...{ [VIDEO_ATTRIBUTES.close]: "" }}
        >
          {videoLabels?.close}
        </Button>
      </Flex>
      <Box position="relative" aspectRatio="16 / 9" bg="black" css={PLAYER_FRAME_CSS} {...{ [VIDEO_ATTRIBUTES.dialogFrame]: "" }} />
    </chakra.dialog>
  );
}
