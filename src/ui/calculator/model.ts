/**
 * A calculator as data: its fields, the figures it shows, its charts, and the
 * pure function from what was typed to the figures. The prerendered markup (the
 * React component) and the live updates in the browser (live.ts) are both drawn
 * from one model, so the figures are the same before, during and after a visitor
 * types, whichever draws them.
 */
import { fill, formatUsd, parseNumberInput } from "../format.ts";

export interface CalculatorField {
  key: string;
  label: string;
  default: number;
  prefix?: string;
  suffix?: string;
}

export interface CalculatorResult {
  key: string;
  label: string;
  emphasis?: boolean;
}

/** Bars comparing some of the results, each bar sized against the largest of its chart. */
export interface CalculatorChart {
  label: string;
  bars: string[];
}

export interface CalculatorModel {
  fields: CalculatorField[];
  results: CalculatorResult[];
  charts: CalculatorChart[];
  /** One sentence read to screen readers when typing pauses, with {result} placeholders. */
  summary: string;
  /** Whole dollars for every result, from the numbers typed (keyed by field). */
  compute: (values: Record<string, number>) => Record<string, number>;
}

/** The figures for what is in the fields, as text (the fields keep text as typed). */
export function figuresFor(model: CalculatorModel, typed: Record<string, string>): Record<string, number> {
  return model.compute(Object.fromEntries(model.fields.map((field) => [field.key, parseNumberInput(typed[field.key] ?? String(field.default))])));
}

export function defaultTexts(model: CalculatorModel): Record<string, string> {
  return Object.fromEntries(model.fields.map((field) => [field.key, String(field.default)]));
}

export function formattedFigures(figures: Record<string, number>, locale?: string): Record<string, string> {
  return Object.fromEntries(Object.entries(figures).map(([key, value]) => [key, formatUsd(value, locale)]));
}

export function summaryOf(model: CalculatorModel, figures: Record<string, number>, locale?: string): string {
  return fill(model.summary, formattedFigures(figures, locale));
}

/**
 * The top of a chart's scale: the first round amount (1, 2, 2.5 or 5 times a power
 * of ten) at or above its largest figure. Bars are drawn against it, so they grow
 * and shrink as the visitor types, and the scale steps up only past a round number.
 */
export function chartScale(chart: CalculatorChart, figures: Record<string, number>): number {
  const largest = Math.max(0, ...chart.bars.map((key) => figures[key] ?? 0));
  if (largest < 1) return 1;
  const power = 10 ** Math.floor(Math.log10(largest));
  return [1, 2, 2.5, 5, 10].map((step) => step * power).find((top) => top >= largest) ?? 10 * power;
}

/** Each bar's height as a share of its chart's scale (0 to 1); nothing below zero. */
export function barShares(chart: CalculatorChart, figures: Record<string, number>): Record<string, number> {
  const scale = chartScale(chart, figures);
  return Object.fromEntries(chart.bars.map((key) => [key, Math.min(1, Math.max(0, figures[key] ?? 0) / scale)]));
}

/** The CSS transform that draws a bar at a share of its chart's height, rounded so server and browser write the same. */
export const barTransform = (share: number) => `scaleY(${Math.round(share * 10_000) / 10_000})`;
