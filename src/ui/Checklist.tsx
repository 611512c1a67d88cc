import { HStack, Stack, Text } from "@chakra-ui/react";
import { Icon } from "./Icon.tsx";

export function Checklist({ items, tone = "positive" }: { items: string[]; tone?: "positive" | "negative" }) {
  return (
    <Stack as="ul" gap="2">
      {items.map((item) => (
        <HStack as="li" key={item} align="flex-start" gap="2">
          <Icon name={tone === "positive" ? "check" : "x"} boxSize="5" mt="0.5" color={tone === "positive" ? "fg.check" : "red.700"} />
          <Text>{item}</Text>
        </HStack>
      ))}
    </Stack>
  );
}
