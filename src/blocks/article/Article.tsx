import { Box, Text } from "@chakra-ui/react";
import { Markdown } from "../../ui/Markdown.tsx";
import { Section } from "../../ui/Section.tsx";
import { formatDate } from "../../ui/format-date.ts";
import { usePageLocale } from "../../ui/page-context.ts";
import type { ArticleProps } from "./schema.ts";

/** Long-form text in one readable column: about 70 characters a line, at a comfortable size. */
export function Article({ id, tone = "plain", author, date, body }: ArticleProps) {
  const locale = usePageLocale();
  return (
    <Section id={id} tone={tone} py={{ base: "10", md: "14" }}>
      <Box as="article" maxW="68ch" mx="auto" fontSize={{ base: "md", md: "lg" }} lineHeight="1.7">
        {(author || date) && (
          <Text fontSize="sm" color="fg.muted" mb="6">
            {author}
            {author && date && " · "}
            {date && <time dateTime={date}>{formatDate(date, locale)}</time>}
          </Text>
        )}
        <Markdown blocks={body.$markdown} />
      </Box>
    </Section>
  );
}
