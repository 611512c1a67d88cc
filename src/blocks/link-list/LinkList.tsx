import { Stack } from "@chakra-ui/react";
import { useId } from "react";
import { LinkRow } from "../../ui/LinkRow.tsx";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import type { LinkListProps } from "./schema.ts";

export function LinkList({ id, tone = "plain", eyebrow, heading, intro, items }: LinkListProps) {
  const headingId = useId();
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      <Stack as="ul" gap="3" maxW="xl" mx="auto">
        {items.map((item) => (
          <li key={item.to.href + item.title}>
            <LinkRow to={item.to} title={item.title} detail={item.description} icon={item.icon} track={item.track} />
          </li>
        ))}
      </Stack>
    </Section>
  );
}
