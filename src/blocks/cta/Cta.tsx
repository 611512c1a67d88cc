import { Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { ActionButton } from "../../ui/links.tsx";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import type { CtaProps } from "./schema.ts";

export function Cta({ id, tone = "plain", eyebrow, heading, intro, actions, note }: CtaProps) {
  const headingId = useId();
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      <Stack direction={{ base: "column", sm: "row" }} justify="center" align="center" gap="3">
        {actions.map((action) => (
          <ActionButton key={action.label} {...action} />
        ))}
      </Stack>
      {note && (
        <Text mt="5" textAlign="center" fontSize="sm" color="fg.muted">
          {note}
        </Text>
      )}
    </Section>
  );
}
