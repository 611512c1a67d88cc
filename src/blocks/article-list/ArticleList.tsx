import { Box, Heading, LinkBox, LinkOverlay, SimpleGrid, Text } from "@chakra-ui/react";
import { keepHyphenatedWords, keepHyphenatedWordsInText } from "../../ui/Heading.tsx";
import { useId } from "react";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import { formatDate } from "../../ui/format-date.ts";
import { usePageLocale } from "../../ui/page-context.ts";
import { ARTICLES_ROUTE } from "../../content/article-route.ts";
import type { ArticleListProps } from "./schema.ts";

/** Article cards, newest first: the title is the link, the whole card is its target. */
export function ArticleList({ id, tone = "plain", eyebrow, heading, intro, items }: ArticleListProps) {
  const headingId = useId();
  const locale = usePageLocale();
  const titleLevel = heading ? "h3" : "h2";
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      <SimpleGrid as="ul" columns={{ base: 1, md: items.length === 1 ? 1 : 2, lg: Math.min(3, items.length) }} gap="6" listStyleType="none">
        {items.map((article) => (
          <LinkBox
            as="li"
            key={article.slug}
            display="flex"
            flexDirection="column"
            gap="3"
            p="6"
            bg="bg"
            color="fg"
            borderWidth="1px"
            borderColor="border"
            borderRadius="lg"
            _hover={{ shadow: "md" }}
          >
            <Text fontSize="sm" color="fg.muted">
              <time dateTime={article.date}>{formatDate(article.date, locale)}</time>
            </Text>
            <Heading as={titleLevel} fontSize="xl" lineHeight="1.3">
              <LinkOverlay href={`${ARTICLES_ROUTE}/${article.slug}`} color="fg.link" _hover={{ textDecoration: "underline" }}>
                {keepHyphenatedWords(article.title)}
              </LinkOverlay>
            </Heading>
            <Text color="fg.muted">{keepHyphenatedWordsInText(article.summary)}</Text>
            <Box mt="auto" fontSize="sm" color="fg.muted">
              {article.author}
            </Box>
          </LinkBox>
        ))}
      </SimpleGrid>
    </Section>
  );
}
