import { HStack, Stack, Text } from "@chakra-ui/react";
import { Icon } from "./Icon.tsx";

export function Checklist({ items, tone = "positive", onDark = false }: { items: string[]; tone?: "positive" | "negative"; onDark?: boolean }) {
  return (
    <Stack as="ul" gap="2">
      {items.map((item) => (
        <HStack as="li" key={item} align="flex-start" gap="2">
          <Icon
            name={tone === "positive" ? "check" : "x"}
            boxSize="5"
            mt="0.5"
            color={tone === "positive" ? (onDark ? "brand.accent" : "green.700") : "red.700"}
          />
          <Text>{item}</Text>
        </HStack>
      ))}
    </Stack>
  );
}
