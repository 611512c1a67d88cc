import { Box, Field, Grid, Group, HStack, Input, InputAddon, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { useEffect, useId, useMemo, useRef } from "react";
import type { ActionData } from "../../content/fields.ts";
import { formatUsd } from "../format.ts";
import { usePageLocale } from "../page-context.ts";
import { useSite } from "../site-context.ts";
import { ActionButton } from "../links.tsx";
import { Section, type Tone } from "../Section.tsx";
import { SectionHeader } from "../SectionHeader.tsx";
import { barShares, barTransform, chartScale, defaultTexts, figuresFor, type CalculatorChart, type CalculatorField, type CalculatorModel } from "./model.ts";

// The unit is read out by the label, so the addon is for sighted visitors only; full-strength text keeps it legible.
const addonStyle = { "aria-hidden": true, color: "fg", bg: "bg.emphasized", borderColor: "border.control", fontWeight: "semibold" } as const;

/** A labelled number field. It keeps what is typed as typed; the live script reads it. */
function NumberField({ field }: { field: CalculatorField }) {
  return (
    <Field.Root>
      <Field.Label fontWeight="semibold">{field.label}</Field.Label>
      <Group attached w="full">
        {field.prefix && <InputAddon {...addonStyle}>{field.prefix}</InputAddon>}
        <Input
          data-calc-input={field.key}
          type="number"
          inputMode="decimal"
          size="lg"
          bg="bg"
          borderColor="border.control"
          defaultValue={String(field.default)}
        />
        {field.suffix && <InputAddon {...addonStyle}>{field.suffix}</InputAddon>}
      </Group>
    </Field.Root>
  );
}

/** Results as a definition list. Not live regions: one summary is read out when typing pauses instead. */
function Results({ model, figures, id, locale }: { model: CalculatorModel; figures: Record<string, number>; id: string; locale: string }) {
  return (
    // Two to a row on phones, the emphasised one across both and the next one filling the place beside the one before
    // it (dense), so no card stands alone on a row; one under another beside the fields on wider screens.
    <Grid as="dl" templateColumns={{ base: "repeat(2, minmax(0, 1fr))", md: "minmax(0, 1fr)" }} gridAutoFlow={{ base: "row dense", md: "row" }} gap="3" id={id}>
      {model.results.map((result) => (
        <Box
          key={result.key}
          gridColumn={result.emphasis ? "1 / -1" : undefined}
          data-tone={result.emphasis ? "brand" : undefined}
          p={{ base: "3", md: "4" }}
          borderRadius="lg"
          bg={result.emphasis ? "navy.solid" : "bg"}
          color="fg"
          borderWidth={result.emphasis ? "0" : "1px"}
          borderColor="border"
          css={{ containerType: "inline-size" }}
        >
          <Text as="dt" fontSize="sm" fontWeight="medium" color="fg.muted">
            {result.label}
          </Text>
          {/*
           * Any figure fits its card: the size follows the card's width (a container query unit)
           * between a small and the full size, and a figure wider still, like $1,000,000,000,000,000
           * on a 320 px phone, wraps between its digits rather than spilling out.
           */}
          <Text
            as="dd"
            fontSize="clamp(1.25rem, 11cqi, 1.875rem)"
            fontWeight="bold"
            lineHeight="1.2"
            color="fg.highlight"
            fontVariantNumeric="tabular-nums"
            css={{ overflowWrap: "anywhere" }}
          >
            <Box as="span" display="inline-block" maxW="full" data-result={result.key}>
              {formatUsd(figures[result.key]!, locale)}
            </Box>
          </Text>
        </Box>
      ))}
    </Grid>
  );
}

/**
 * Bars comparing some results. The figures themselves are its text equivalent
 * (aria-describedby); in high-contrast mode the bars take the system's text colour.
 */
function Chart({
  chart,
  index,
  model,
  figures,
  describedBy,
  locale,
}: {
  chart: CalculatorChart;
  index: number;
  model: CalculatorModel;
  figures: Record<string, number>;
  describedBy: string;
  locale: string;
}) {
  const shares = barShares(chart, figures);
  const labels = Object.fromEntries(model.results.map((result) => [result.key, result]));
  return (
    <Box
      role="img"
      aria-label={chart.label}
      aria-describedby={describedBy}
      data-chart={index}
      display="flex"
      flexDirection="column"
      bg="bg"
      borderWidth="1px"
      borderColor="border"
      borderRadius="lg"
      p={{ base: "3", md: "4" }}
    >
      <HStack justify="space-between" align="baseline" gap="3" mb="3">
        <Text fontSize="sm" fontWeight="semibold" color="fg.muted">
          {chart.label}
        </Text>
        <Text fontSize="xs" color="fg.muted" data-chart-scale="" flexShrink={0}>
          {formatUsd(chartScale(chart, figures), locale)}
        </Text>
      </HStack>
      {/* The dashed line is the top of the scale, the amount shown above it. */}
      {/* At the bottom of the card, so charts side by side share their axis whatever their titles' length. */}
      <Grid
        templateColumns={`repeat(${chart.bars.length}, minmax(0, 1fr))`}
        columnGap="3"
        alignItems="end"
        mt="auto"
        borderTopWidth="1px"
        borderStyle="dashed"
        borderColor="border"
      >
        {chart.bars.map((key) => (
          <Box
            key={key}
            // Lower on phones, where the charts stack under the figures they draw: the bars' proportions are the point, not their height.
            h={{ base: "20", md: "32" }}
            display="flex"
            alignItems="flex-end"
            justifyContent="center"
            borderBottomWidth="2px"
            borderBottomStyle="solid"
            borderColor="border.control"
          >
            <Box
              data-bar={key}
              w="full"
              maxW={{ base: "16", md: "24" }}
              h="full"
              borderTopRadius="md"
              bg={labels[key]?.emphasis ? "gold.solid" : "navy.solid"}
              transformOrigin="bottom"
              style={{ transform: barTransform(shares[key]!) }}
              css={{ "@media (forced-colors: active)": { forcedColorAdjust: "none", background: "CanvasText" } }}
            />
          </Box>
        ))}
        {chart.bars.map((key) => (
          <Text key={key} fontSize="xs" color="fg.muted" mt="2" lineHeight="short" textAlign="center" alignSelf="start">
            {labels[key]?.label}
          </Text>
        ))}
      </Grid>
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

export interface CalculatorSectionProps {
  id?: string;
  tone?: Tone;
  eyebrow?: string;
  heading?: string;
  intro?: string;
  note?: string;
  actions?: ActionData[];
  disclaimer?: string;
  model: CalculatorModel;
}

/** The note a calculator shows without JavaScript, where site.yaml's labels give none. */
const NEEDS_SCRIPT = "This calculator needs JavaScript to update its figures. The figures below are for the example values shown.";

/**
 * A calculator block's whole section: header, number fields beside the figures and
 * their chart, buttons and small print. Rendered once with the default figures; from
 * then on live.ts keeps it up to date as the visitor types (attached here when React
 * renders it in the browser, as the dev server does, and by the island loader on a
 * prerendered page).
 */
export function CalculatorSection({ id, tone = "plain", eyebrow, heading, intro, note, actions, disclaimer, model }: CalculatorSectionProps) {
  const headingId = useId();
  const resultsId = useId();
  const frame = useRef<HTMLDivElement>(null);
  const locale = usePageLocale();
  const needsScript = useSite().labels.calculatorNeedsScript ?? NEEDS_SCRIPT;
  const figures = useMemo(() => figuresFor(model, defaultTexts(model)), [model]);
  // Two charts or more under the results would leave the fields beside a long empty column: they
  // get a row of their own under both columns instead.
  const chartsBelow = model.charts.length > 1;
  const hasFooter = (actions?.length ?? 0) > 0 || Boolean(disclaimer);
  const charts = model.charts.map((chart, index) => (
    <Chart key={chart.label} chart={chart} index={index} model={model} figures={figures} describedBy={resultsId} locale={locale} />
  ));
  useEffect(() => {
    let detach: (() => void) | undefined;
    let active = true;
    void import("./live.ts").then(({ attachCalculator }) => {
      if (active && frame.current) detach = attachCalculator(frame.current, model);
    });
    return () => {
      active = false;
      detach?.();
    };
  }, [model]);

  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
      {/* A light grey panel on any section. */}
      <Box
        ref={frame}
        data-calculator=""
        data-locale={locale}
        data-tone="muted"
        color="fg"
        borderWidth="1px"
        borderColor="border"
        borderRadius="2xl"
        bg="bg.muted"
        p={{ base: "5", md: "8" }}
        shadow="sm"
      >
        {/*
         * Without JavaScript the fields still take typing but the figures never follow: said
         * before the fields, so no one reads the example's figures as their own.
         */}
        <noscript>
          <Text data-calculator-noscript="" role="note" mb="5" p="3" borderRadius="md" borderWidth="1px" borderColor="border.control" bg="bg" fontSize="sm">
            {needsScript}
          </Text>
        </noscript>
        {/* Inputs beside results on wide screens; on phones the figures and chart sit right under the fields that move them. */}
        <Grid
          templateColumns={{ base: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" }}
          templateAreas={
            chartsBelow
              ? { base: `"inputs" "results" "charts" "note"`, md: `"side results" "charts charts"` }
              : { base: `"inputs" "results" "note"${hasFooter ? ` "footer"` : ""}`, md: `"side results"` }
          }
          columnGap="10"
          rowGap={{ base: "5", md: "6" }}
        >
          {/*
           * Beside the results, the fields and the note stay in view while the visitor scrolls
           * through the figures and charts, where they would otherwise leave an empty column
           * (on a screen tall enough to hold them). On phones the box is not drawn, and its
           * parts take their own places in the grid.
           */}
          <Box
            display={{ base: "contents", md: "block" }}
            gridArea={{ md: "side" }}
            alignSelf="start"
            css={{ "@media (min-width: 48rem) and (min-height: 40rem)": { position: "sticky", top: "6rem" } }}
          >
            <Stack gap={{ base: "4", md: "5" }} gridArea="inputs">
              {model.fields.map((field) => (
                <NumberField key={field.key} field={field} />
              ))}
            </Stack>
            {note && (
              <Text gridArea="note" fontSize="sm" color="fg.muted" mt={{ md: "5" }}>
                {note}
              </Text>
            )}
            {/*
             * With the results and their chart beside it, the buttons and small print follow the note
             * (and stay in view with the fields) rather than below both columns, where the taller
             * results left an empty panel beside them; on phones they still end the panel.
             */}
            {!chartsBelow && hasFooter && (
              <Box gridArea="footer" mt={{ md: "6" }}>
                <CalculatorFooter actions={actions} disclaimer={disclaimer} />
              </Box>
            )}
          </Box>
          <Stack gap="4" gridArea="results">
            <Results model={model} figures={figures} id={resultsId} locale={locale} />
            {!chartsBelow && charts}
          </Stack>
          {chartsBelow && (
            <Grid gridArea="charts" templateColumns={{ base: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" }} columnGap="10" rowGap="4">
              {charts}
            </Grid>
          )}
        </Grid>
        <VisuallyHidden aria-live="polite" data-calc-summary="" />
        {chartsBelow && (
          <Box mt={{ base: "5", md: "6" }} _empty={{ display: "none" }}>
            <CalculatorFooter actions={actions} disclaimer={disclaimer} />
          </Box>
        )}
      </Box>
    </Section>
  );
}
