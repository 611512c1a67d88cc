import { Box, Field, Grid, Group, HStack, Input, InputAddon, Stack, Text } from "@chakra-ui/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Section, type Tone } from "./Section.tsx";
import { SectionHeader } from "./SectionHeader.tsx";
import { ActionButton } from "./links.tsx";
import type { ActionData } from "./types.ts";

export interface NumberFieldConfig {
  label: string;
  default: number;
  prefix?: string;
  suffix?: string;
}

// The unit is read out by the label, so the addon is for sighted visitors only; full-strength text keeps it legible.
const addonStyle = { "aria-hidden": true, color: "fg", bg: "bg.emphasized", borderColor: "border.control", fontWeight: "semibold" } as const;

/** A labelled number field; the text is kept as typed and converted by the caller. */
export function NumberField({ config, value, onChange }: { config: NumberFieldConfig; value: string; onChange: (value: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  // The calculator's script loads on the visitor's first touch, so they may have typed before it ran: keep what they typed.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
    // Once, on hydration; later changes arrive through onChange.
  }, []);
  return (
    <Field.Root>
      <Field.Label fontWeight="semibold">{config.label}</Field.Label>
      <Group attached w="full">
        {config.prefix && <InputAddon {...addonStyle}>{config.prefix}</InputAddon>}
        <Input
          ref={input}
          type="number"
          inputMode="decimal"
          size="lg"
          bg="bg"
          borderColor="border.control"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        {config.suffix && <InputAddon {...addonStyle}>{config.suffix}</InputAddon>}
      </Group>
    </Field.Root>
  );
}

export interface ResultItem {
  label: string;
  value: string;
  emphasis?: boolean;
}

/** Results as a definition list; each figure is an <output> so assistive technology hears updates. */
function Results({ items }: { items: ResultItem[] }) {
  return (
    <Stack as="dl" gap="3">
      {items.map((item) => (
        <Box
          key={item.label}
          p="4"
          borderRadius="lg"
          bg={item.emphasis ? "navy.solid" : "bg"}
          color={item.emphasis ? "navy.contrast" : "fg"}
          borderWidth={item.emphasis ? "0" : "1px"}
          borderColor="border"
        >
          <Text as="dt" fontSize="sm" fontWeight="medium" color={item.emphasis ? "navy.100" : "fg.muted"}>
            {item.label}
          </Text>
          <Text as="dd" fontSize={{ base: "2xl", md: "3xl" }} fontWeight="bold" lineHeight="1.2" color={item.emphasis ? "brand.accent" : "navy.fg"}>
            <output>{item.value}</output>
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * Inputs beside results on wide screens, stacked on phones. On phones the note
 * follows the results, so the figures sit right under the fields that move them.
 */
function CalculatorFrame({ inputs, note, results, footer }: { inputs: ReactNode; note?: string; results: ReactNode; footer?: ReactNode }) {
  return (
    <Box borderWidth="1px" borderColor="border" borderRadius="2xl" bg="bg.muted" p={{ base: "5", md: "8" }} shadow="sm">
      <Grid
        templateColumns={{ base: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" }}
        templateAreas={{ base: `"inputs" "results" "note"`, md: `"inputs results" "note results"` }}
        templateRows={{ md: "auto 1fr" }}
        columnGap="10"
        rowGap={{ base: "6", md: "5" }}
      >
        <Stack gap="5" gridArea="inputs">
          {inputs}
        </Stack>
        <Box gridArea="results">{results}</Box>
        {note && (
          <Text gridArea="note" fontSize="sm" color="fg.muted">
            {note}
          </Text>
        )}
      </Grid>
      {footer && <Box mt="6">{footer}</Box>}
    </Box>
  );
}

/** Buttons and small print under a calculator. */
function CalculatorFooter({ actions, disclaimer }: { actions?: ActionData[]; disclaimer?: string }) {
  if (!actions?.length && !disclaimer) return null;
  return (
    <Stack gap="4">
      {actions && actions.length > 0 && (
        <HStack gap="3" wrap="wrap">
          {actions.map((action) => (
            <ActionButton key={action.label} {...action} />
          ))}
        </HStack>
      )}
      {disclaimer && (
        <Text fontSize="xs" color="fg.muted">
          {disclaimer}
        </Text>
      )}
    </Stack>
  );
}

/**
 * A calculator block's whole section: header, number fields beside live results,
 * buttons and small print. The blocks supply only their fields and results.
 */
export function CalculatorSection({
  id,
  tone = "plain",
  eyebrow,
  heading,
  intro,
  inputs,
  note,
  results,
  actions,
  disclaimer,
}: {
  id?: string;
  tone?: Tone;
  eyebrow?: string;
  heading?: string;
  intro?: string;
  inputs: ReactNode;
  note?: string;
  results: ResultItem[];
  actions?: ActionData[];
  disclaimer?: string;
}) {
  const headingId = useId();
  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} onDark={tone === "brand"} />
      <CalculatorFrame
        inputs={inputs}
        note={note}
        results={<Results items={results} />}
        footer={<CalculatorFooter actions={actions} disclaimer={disclaimer} />}
      />
    </Section>
  );
}
