import { Box, Text } from "@chakra-ui/react";
import { useId } from "react";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import { VideoFacade } from "../../ui/video/VideoFacade.tsx";
import type { VideoProps } from "./schema.ts";

/** The video's poster at the content width (the video-poster image slot); the page's video script plays it in place. */
export function Video({ id, tone = "plain", eyebrow, heading, intro, video, note }: VideoProps) {
  const headingId = useId();
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      <Box maxW="48rem" mx="auto">
        <VideoFacade video={video} />
        {note && (
          <Text mt="4" textAlign="center" fontSize="sm" color="fg.muted">
            {note}
          </Text>
        )}
      </Box>
    </Section>
  );
}
