import { Box, chakra, Flex, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Heading, keepHyphenatedWordsInText } from "../../ui/Heading.tsx";
import { useId } from "react";
import { fill } from "../../ui/format.ts";
import { Icon } from "../../ui/Icon.tsx";
import { subgridCard } from "../../ui/card-rows.ts";
import { Picture } from "../../ui/Picture.tsx";
import { LinkRow } from "../../ui/LinkRow.tsx";
import { ActionButton, AppLink } from "../../ui/links.tsx";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import type { PressProps } from "./schema.ts";

const withCount = (text: string | undefined, count: number) => (text === undefined ? undefined : fill(text, { count }));

const phoneOnlyForScreenReaders = {
  "@media (width < 48rem)": {
    position: "absolute",
    width: "1px",
    height: "1px",
    margin: "-1px",
    padding: "0",
    overflow: "hidden",
    clip: "rect(0, 0, 0, 0)",
    whiteSpace: "nowrap",
    borderWidth: "0",
  },
} as const;

type Outlet = PressProps["items"][number];

/** The most a logo grows past its nominal height (a logo about as tall as wide). */
const MAX_LOGO_SCALE = 1.1;
/** The nominal logo height on the press wall, in rem. */
const WALL_LOGO_HEIGHT = 1.6;
/** The nominal logo height in the press list (layout: stack), in rem. */
const LIST_LOGO_HEIGHT = 1.75;

/**
 * A logo's height for a layout whose logos four times wider than tall are `rem` high: wider logos
 * are drawn lower and more compact ones higher, so that each covers about the same area and a
 * long wordmark does not outweigh a short one (nor a short one shrink to a dot).
 */
function logoHeight(logo: NonNullable<Outlet["logo"]>, rem: number): string {
  const aspect = logo.width && logo.height ? logo.width / logo.height : 4;
  const scale = Math.min(MAX_LOGO_SCALE, Math.max(0.75, Math.sqrt(4 / aspect)));
  return `${Math.round(rem * scale * 100) / 100}rem`;
}

/**
 * The outlet's logo when it has one (its name is then the logo's text for screen readers), else its name.
 * `height` is in rem, for a logo four times wider than tall (see logoHeight), per breakpoint.
 */
function Masthead({ item, height, serif = false }: { item: Outlet; height: { base: number; md?: number }; serif?: boolean }) {
  const logo = item.logo;
  if (logo) {
    const h = height.md === undefined ? logoHeight(logo, height.base) : { base: logoHeight(logo, height.base), md: logoHeight(logo, height.md) };
    return <Picture image={logo} alt={item.name} h={h} w="auto" maxW="full" objectFit="contain" objectPosition="left" />;
  }
  return serif ? <chakra.span fontFamily="Georgia, 'Times New Roman', serif">{item.name}</chakra.span> : <>{item.name}</>;
}

export function Press({ id, tone = "plain", eyebrow, heading, intro, layout = "grid", linkLabel, items, action }: PressProps) {
  const headingId = useId();
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined} py={layout === "strip" ? { base: "8", md: "14" } : undefined}>
      <SectionHeader
        headingId={headingId}
        eyebrow={withCount(eyebrow, items.length)}
        heading={withCount(heading, items.length)}
        intro={withCount(intro, items.length)}
      />
      {layout === "stack" ? (
        <Stack as="ul" gap="3" maxW="xl" mx="auto">
          {items.map((item) => (
            <li key={item.url.href + item.name}>
              <LinkRow
                to={item.url}
                title={
                  // One slot height for every logo, so the rows of the list are even.
                  <chakra.span display="flex" alignItems="center" minH={`${LIST_LOGO_HEIGHT * MAX_LOGO_SCALE}rem`}>
                    <Masthead item={item} height={{ base: LIST_LOGO_HEIGHT }} />
                  </chakra.span>
                }
                detail={item.category}
              />
            </li>
          ))}
        </Stack>
      ) : layout === "featured" ? (
        <SimpleGrid as="ul" columns={{ base: 1, md: Math.min(items.length, 3) }} gap={{ base: "4", md: "6" }}>
          {items.map((item) => (
            // Category, masthead, headline and link rows shared across the row (see card-rows.ts): a taller
            // logo does not push its headline below its neighbours'.
            <Box as="li" key={item.url.href + item.name} {...subgridCard(4, "3")}>
              <AppLink link={item.url} style={{ display: "grid", gridTemplateRows: "subgrid", gridRow: "span 4" }}>
                <Box
                  {...subgridCard(4, "3")}
                  p={{ base: "6", md: "7" }}
                  data-tone="plain"
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
                  {item.category ? (
                    <Text fontSize="xs" fontWeight="semibold" color="gold.fg" textTransform="uppercase" letterSpacing="wider">
                      {item.category}
                    </Text>
                  ) : (
                    <div />
                  )}
                  <Heading as={heading ? "h3" : "h2"} fontSize="2xl" color="navy.fg">
                    <Masthead item={item} height={{ base: 2.5 }} serif />
                  </Heading>
                  {item.headline ? (
                    <Text fontSize="lg" lineHeight="1.45">
                      “{keepHyphenatedWordsInText(item.headline)}”
                    </Text>
                  ) : (
                    <div />
                  )}
                  {linkLabel ? (
                    <Flex align="center" gap="1.5" alignSelf="end" fontWeight="semibold" color="navy.fg">
                      {linkLabel}
                      <Icon name="external" boxSize="4" />
                    </Flex>
                  ) : (
                    <div />
                  )}
                </Box>
              </AppLink>
            </Box>
          ))}
        </SimpleGrid>
      ) : layout === "strip" ? (
        <Flex as="ul" justify="center" align="center" wrap="wrap" gap={{ base: "6", md: "12" }}>
          {items.map((item) => (
            <chakra.li key={item.url.href + item.name} css={{ "& > a": { display: "inline-flex" } }}>
              <AppLink link={item.url}>
                <Text
                  as="span"
                  display="inline-flex"
                  alignItems="center"
                  minH="11"
                  fontSize={{ base: "xl", md: "2xl" }}
                  fontWeight="bold"
                  letterSpacing="tight"
                  color="fg.link"
                  fontFamily="Georgia, 'Times New Roman', serif"
                  _hover={{ textDecoration: "underline" }}
                >
                  <Masthead item={item} height={{ base: 2, md: 2.25 }} />
                </Text>
              </AppLink>
            </chakra.li>
          ))}
        </Flex>
      ) : (
        // Wrapping rows centre a short last row, so a list of any length ends tidily.
        <Flex as="ul" wrap="wrap" justify="center" gap={{ base: "2", md: "4" }}>
          {items.map((item) => (
            <chakra.li
              key={item.url.href + item.name}
              flex={{ base: "0 0 calc(50% - 0.25rem)", md: "0 0 calc((100% - 2rem) / 3)", lg: "0 0 calc((100% - 3rem) / 4)" }}
            >
              <AppLink link={item.url} style={{ display: "block", height: "100%" }}>
                <Stack
                  gap="1"
                  h="full"
                  minH="12"
                  justify="center"
                  px={{ base: "3", md: "4" }}
                  py={{ base: "2.5", md: "4" }}
                  data-tone="plain"
                  bg="bg"
                  color="fg"
                  borderWidth="1px"
                  borderColor="border"
                  borderRadius="lg"
                  transition="border-color 0.15s, box-shadow 0.15s"
                  _hover={{ borderColor: "navy.solid", shadow: "sm" }}
                >
                  <Flex justify="space-between" align="center" gap="2">
                    {/* One height for every logo's slot (the tallest a logo gets), so the categories under them line up. */}
                    <Heading
                      as={heading ? "h3" : "h2"}
                      fontSize={{ base: "sm", md: "md" }}
                      lineHeight="1.3"
                      minW="0"
                      minH={`${WALL_LOGO_HEIGHT * MAX_LOGO_SCALE}rem`}
                      display="flex"
                      alignItems="center"
                    >
                      <Masthead item={item} height={{ base: WALL_LOGO_HEIGHT }} />
                    </Heading>
                    <Icon name="external" boxSize="4" color="fg.muted" />
                  </Flex>
                  {/* On phones the wall is logos only, so 32 outlets fit in a few screens; the category stays in the link's name. */}
                  {item.category && (
                    <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider" css={phoneOnlyForScreenReaders}>
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
        <Flex justify="center" mt={{ base: "8", md: "10" }}>
          <ActionButton {...action} />
        </Flex>
      )}
    </Section>
  );
}
