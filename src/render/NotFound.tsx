import { Box, Container, Heading, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { AppLink } from "../ui/links.tsx";
import { useSite } from "../ui/site-context.ts";
import { NOT_FOUND_ATTRIBUTES } from "./not-found-dom.ts";
import { SearchButton } from "../ui/search/SearchButton.tsx";

/** The 404 page's question over its suggestions, where site.yaml's labels give none. */
const DID_YOU_MEAN = "Did you mean";

/**
 * What the 404 page offers under its own sections: the addresses nearest to the one typed
 * (filled in by not-found-suggest.ts, hidden until then), the place of the site's search
 * field, and the site's main sections, which need no script.
 */
export function NotFoundHelp() {
  const site = useSite();
  return (
    <Box as="section" aria-label={site.footer.navigationHeading} pb={{ base: "14", md: "20" }}>
      <Container maxW="3xl" px={{ base: "5", md: "8" }}>
        <Stack gap="8">
          <Box {...{ [NOT_FOUND_ATTRIBUTES.suggestions]: "" }} hidden>
            <Text as="h2" fontSize="lg" fontWeight="semibold" mb="2">
              {site.labels.didYouMean ?? DID_YOU_MEAN}
            </Text>
            <Box as="ul" listStyleType="none" display="grid" gap="1">
              <li hidden>
                <Link
                  asChild
                  color="fg.link"
                  fontSize="lg"
                  fontWeight="semibold"
                  textDecoration="underline"
                  minH="11"
                  display="inline-flex"
                  alignItems="center"
                >
                  <a href="/">/</a>
                </Link>
              </li>
            </Box>
          </Box>
          {/* The site search's field, when the site has one. */}
          <Box {...{ [NOT_FOUND_ATTRIBUTES.search]: "" }} _empty={{ display: "none" }}>
            {site.search && <SearchButton labels={site.search} look="field" />}
          </Box>
          <Stack as="nav" aria-label={site.footer.navigationHeading} gap="3">
            <Heading as="h2" fontSize="lg" fontWeight="semibold">
              {site.footer.navigationHeading}
            </Heading>
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, md: 3 }} gap="3">
              {site.navigation.links.map((item) => (
                <li key={item.to.href}>
                  <Link
                    asChild
                    display="flex"
                    alignItems="center"
                    minH="12"
                    px="4"
                    borderWidth="1px"
                    borderColor="border"
                    borderRadius="lg"
                    color="fg.link"
                    fontWeight="medium"
                    _hover={{ bg: "bg.tint" }}
                  >
                    <AppLink link={item.to}>{item.label}</AppLink>
                  </Link>
                </li>
              ))}
            </SimpleGrid>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
