import { Box, chakra, Flex, Text, VisuallyHidden } from "@chakra-ui/react";
import { Icon } from "../Icon.tsx";
import { Picture } from "../Picture.tsx";
import { useSite } from "../site-context.ts";
import type { Video } from "../../content/fields.ts";
import { PLAYER_FRAME_CSS, VIDEO_ATTRIBUTES } from "./video-dom.ts";

/**
 * A video as a poster with a play button and its title: a picture of the site's
 * own, so nothing loads from the video's host until the visitor asks for it.
 * Without JavaScript it is a link to the video on its host, in a new tab; the
 * page's video script turns it into a button that puts the player in its place
 * (src/ui/video/live.ts).
 */
export function VideoFacade({ video }: { video: Video }) {
  const { labels } = useSite();
  return (
    <Box
      {...{ [VIDEO_ATTRIBUTES.frame]: "" }}
      position="relative"
      aspectRatio="16 / 9"
      overflow="hidden"
      borderRadius="xl"
      bg="navy.950"
      shadow="lg"
      css={PLAYER_FRAME_CSS}
    >
      <chakra.a
        href={video.watchUrl}
        target="_blank"
        rel="noopener noreferrer"
        {...{ [VIDEO_ATTRIBUTES.name]: video.name, [VIDEO_ATTRIBUTES.mode]: "inline" }}
        display="block"
        position="absolute"
        inset="0"
        w="full"
        h="full"
        p="0"
        m="0"
        border="0"
        bg="transparent"
        color="white"
        textAlign="start"
        cursor="pointer"
        className="group"
        _focusVisible={{ outline: "3px solid", outlineColor: "gold.400", outlineOffset: "-3px" }}
      >
        <Picture image={video.poster} alt="" w="full" h="full" objectFit="cover" display="block" />
        <Flex position="absolute" inset="0" align="center" justify="center">
          <Box
            w={{ base: "16", md: "20" }}
            h={{ base: "16", md: "20" }}
            borderRadius="full"
            bg="gold.400"
            color="navy.950"
            display="grid"
            placeItems="center"
            shadow="xl"
            transition="transform 0.15s"
            _groupHover={{ transform: "scale(1.08)" }}
          >
            <Icon name="play" fill="currentColor" boxSize={{ base: "7", md: "9" }} ml="1" />
          </Box>
        </Flex>
        <Box position="absolute" insetX="0" bottom="0" px={{ base: "4", md: "6" }} py={{ base: "3", md: "4" }} bg="blackAlpha.800">
          <Text as="span" display="block" fontWeight="semibold" fontSize={{ base: "md", md: "lg" }} lineHeight="short">
            {video.title}
          </Text>
        </Box>
        <VisuallyHidden {...{ [VIDEO_ATTRIBUTES.newTab]: "" }}> {labels.newTab}</VisuallyHidden>
      </chakra.a>
    </Box>
  );
}
