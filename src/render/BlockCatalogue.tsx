import { Box, Container, Heading, Stack, Text } from "@chakra-ui/react";
import type { BlockExample } from "../site/block-examples.ts";
import { SectionView } from "./App.tsx";
import { Header } from "./Header.tsx";
import { PAGE_IDS } from "../content/page-ids.ts";

/**
 * The dev server's /blocks page: every block's example rendered with the current
 * theme, under its name and type, so a marketer sees a block before using it.
 * Not part of the built site.
 */
export function BlockCatalogue({ examples }: { examples: BlockExample[] }) {
  return (
    <>
      <Header />
      <Box as="main" id={PAGE_IDS.main}>
        <Container maxW="7xl" px={{ base: "4", md: "8" }} py="10">
          <Heading as="h1" size="2xl">
            Blocks
          </Heading>
          <Text mt="2" color="fg.muted">
            Every kind of section, rendered from its example. Copy an example from docs/blocks.md into a page&apos;s sections in pages.yaml.
          </Text>
        </Container>
        {examples.map((example) => (
          <Box as="article" key={example.type} data-block-type={example.type} aria-label={example.title} borderTopWidth="4px" borderColor="gold.solid">
            <Container maxW="7xl" px={{ base: "4", md: "8" }} py="4" bg="bg.muted">
              <Stack gap="1">
                <Heading as="h2" size="md">
                  {example.title}{" "}
                  <Text as="code" fontFamily="mono" fontSize="sm" fontWeight="normal" px="1.5" py="0.5" borderRadius="sm" bg="bg">
                    type: {example.type}
                  </Text>
                </Heading>
                <Text fontSize="sm" color="fg.muted">
                  {example.description}
                </Text>
              </Stack>
            </Container>
            <SectionView section={example.section} />
          </Box>
        ))}
      </Box>
    </>
  );
}
