import { chakra, Flex, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { fill } from "../../app/format.ts";
import { Icon } from "../../app/Icon.tsx";
import { LinkRow } from "../../app/LinkRow.tsx";
import { ActionButton, AppLink } from "../../app/links.tsx";
import { Section } from "../../app/Section.tsx";
import { SectionHeader } from "../../app/SectionHeader.tsx";
import type { PressProps } from "./schema.ts";

const withCount = (text: string | undefined, count: number) => (text === undefined ? undefined : fill(text, { count }));

export function Press({ id, tone = "plain", eyebrow, heading, intro, layout = "grid", linkLabel, items, action }: PressProps) {
  const headingId = useId();
  const onDark = tone === "brand";
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined} py={layout === "strip" ? { base: "12", md: "14" } : undefined}>
      <SectionHeader
        headingId={headingId}
        eyebrow={withCount(eyebrow, items.length)}
        heading={withCount(heading, items.length)}
        intro={withCount(intro, items.length)}
        onDark={onDark}
      />
      {layout === "stack" ? (
        <Stack as="ul" gap="3" maxW="xl" mx="auto">
          {items.map((item) => (
            <li key={item.url.href + item.name}>
              <LinkRow to={item.url} title={item.name} detail={item.category} />
            </li>
          ))}
        </Stack>
      ) : layout === "featured" ? (
        <SimpleGrid as="ul" columns={{ base: 1, md: Math.min(items.length, 3) }} gap={{ base: "4", md: "6" }}>
          {items.map((item) => (
            <li key={item.url.href + item.name}>
              <AppLink link={item.url} style={{ display: "block", height: "100%" }}>
                <Stack
                  gap="3"
                  h="full"
                  p={{ base: "6", md: "7" }}
                  bg="bg"
                  color="fg"
                  borderWidth="1px"
                  borderColor="border"
                  borderTopWidth="4px"
                  borderTopColor="gold.solid"
                  borderRadius="xl"
                  shadow="sm"
                  transition="box-shadow 0.15s"
                  _hover={{ shadow: "lg" }}
                >
                  {item.category && (
                    <Text fontSize="xs" fontWeight="semibold" color="gold.fg" textTransform="uppercase" letterSpacing="wider">
                      {item.category}
                    </Text>
                  )}
                  <Heading as={heading ? "h3" : "h2"} fontSize="2xl" fontFamily="Georgia, 'Times New Roman', serif" color="navy.fg">
                    {item.name}
                  </Heading>
                  {item.headline && (
                    <Text fontSize="lg" lineHeight="1.45" flex="1">
                      “{item.headline}”
                    </Text>
                  )}
                  {linkLabel && (
                    <Flex align="center" gap="1.5" mt="auto" fontWeight="semibold" color="navy.fg">
                      {linkLabel}
                      <Icon name="external" boxSize="4" />
                    </Flex>
                  )}
                </Stack>
              </AppLink>
            </li>
          ))}
        </SimpleGrid>
      ) : layout === "strip" ? (
        <Flex as="ul" justify="center" align="center" wrap="wrap" gap={{ base: "6", md: "12" }}>
          {items.map((item) => (
            <li key={item.url.href + item.name}>
              <AppLink link={item.url}>
                <Text
                  as="span"
                  fontSize={{ base: "xl", md: "2xl" }}
                  fontWeight="bold"
                  letterSpacing="tight"
                  color={onDark ? "white" : "navy.fg"}
                  fontFamily="Georgia, 'Times New Roman', serif"
                  _hover={{ textDecoration: "underline" }}
                >
                  {item.name}
                </Text>
              </AppLink>
            </li>
          ))}
        </Flex>
      ) : (
        // Wrapping rows centre a short last row, so a list of any length ends tidily.
        <Flex as="ul" wrap="wrap" justify="center" gap={{ base: "3", md: "4" }}>
          {items.map((item) => (
            <chakra.li
              key={item.url.href + item.name}
              flex={{ base: "0 0 calc(50% - 0.375rem)", md: "0 0 calc((100% - 2rem) / 3)", lg: "0 0 calc((100% - 3rem) / 4)" }}
            >
              <AppLink link={item.url} style={{ display: "block", height: "100%" }}>
                <Stack
                  gap="1"
                  h="full"
                  p={{ base: "3", md: "4" }}
                  bg="bg"
                  color="fg"
                  borderWidth="1px"
                  borderColor="border"
                  borderRadius="lg"
                  transition="border-color 0.15s, box-shadow 0.15s"
                  _hover={{ borderColor: "navy.solid", shadow: "sm" }}
                >
                  <Flex justify="space-between" align="flex-start" gap="2">
                    <Heading as={heading ? "h3" : "h2"} fontSize={{ base: "sm", md: "md" }} lineHeight="1.3">
                      {item.name}
                    </Heading>
                    <Icon name="external" boxSize="4" color="fg.muted" />
                  </Flex>
                  {item.category && (
                    <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
                      {item.category}
                    </Text>
                  )}
                </Stack>
              </AppLink>
            </chakra.li>
          ))}
        </Flex>
      )}
      {action && (
        <Flex justify="center" mt="10">
          <ActionButton {...action} onDark={onDark} />
        </Flex>
      )}
    </Section>
  );
}
