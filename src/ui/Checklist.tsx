import { HStack, SimpleGrid, Text } from "@chakra-ui/react";
import { keepHyphenatedWordsInText } from "./Heading.tsx";
import { Icon } from "./Icon.tsx";

/** A list of ticks (or crosses), in two columns from tablet width when `columns` is 2. */
export function Checklist({ items, tone = "positive", columns = 1 }: { items: string[]; tone?: "positive" | "negative"; columns?: 1 | 2 }) {
  return (
    // Items keep their own spacing when the list is stretched (a card's row, shared with a longer list beside it).
    <SimpleGrid as="ul" columns={{ base: 1, md: columns }} columnGap="8" rowGap="2" alignContent="start">
      {items.map((item) => (
        <HStack as="li" key={item} align="flex-start" gap="2">
          <Icon name={tone === "positive" ? "check" : "x"} boxSize="5" mt="0.5" color={tone === "positive" ? "fg.check" : "red.700"} />
          <Text>{keepHyphenatedWordsInText(item)}</Text>
        </HStack>
      ))}
    </SimpleGrid>
  );
}
