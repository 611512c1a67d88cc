import { Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { ActionButton } from "../../app/links.tsx";
import { Section } from "../../app/Section.tsx";
import { SectionHeader } from "../../app/SectionHeader.tsx";
import type { CtaProps } from "./schema.ts";

export function Cta({ id, tone = "plain", eyebrow, heading, intro, actions, note }: CtaProps) {
  const headingId = useId();
  const onDark = tone === "brand";
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} onDark={onDark} />
      <Stack direction={{ base: "column", sm: "row" }} justify="center" align="center" gap="3">
        {actions.map((action) => (
          <ActionButton key={action.label} {...action} onDark={onDark} />
        ))}
      </Stack>
      {note && (
        <Text mt="5" textAlign="center" fontSize="sm" color={onDark ? "brand.muted" : "fg.muted"}>
          {note}
        </Text>
      )}
    </Section>
  );
}
