/**
 * The calculators' live part in the browser, without React: it listens to the
 * fields of a prerendered calculator and writes the figures, the bars and the
 * screen-reader summary straight into the page, so the first keystroke answers
 * at once on a slow phone. It runs in the dev server too (the component attaches
 * it), so both show the same thing.
 *
 * The figures are right in the page on the same frame as the keystroke; motion
 * (bars growing, figures settling) is only drawn over them with framer-motion,
 * and not at all when the visitor asks for reduced motion.
 */
import { animate } from "framer-motion/dom/mini";
import { formatUsd } from "../format.ts";
import { barShares, barTransform, chartScale, figuresFor, summaryOf, type CalculatorModel } from "./model.ts";

/** How long typing must pause before the summary is read out. */
const SUMMARY_PAUSE_MS = 900;

export function attachCalculator(root: HTMLElement, model: CalculatorModel): () => void {
  // The page's way of writing amounts (en-US, es-US...), which the server wrote on the calculator's panel.
  const locale = (root.closest("[data-locale]") ?? root.querySelector("[data-locale]"))?.getAttribute("data-locale") ?? undefined;
  const field = (key: string) => root.querySelector<HTMLInputElement>(`[data-calc-input="${key}"]`);
  const typed = () => Object.fromEntries(model.fields.map((entry) => [entry.key, field(entry.key)?.value ?? String(entry.default)]));
  const summary = root.querySelector<HTMLElement>("[data-calc-summary]");
  let shown = figuresFor(model, typed());
  let pause: ReturnType<typeof setTimeout> | undefined;

  const update = (withMotion: boolean) => {
    const figures = figuresFor(model, typed());
    const motion = withMotion && !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    for (const result of model.results) {
      const text = formatUsd(figures[result.key]!, locale);
      for (const element of root.querySelectorAll<HTMLElement>(`[data-result="${result.key}"]`)) {
        if (element.textContent === text) continue;
        element.textContent = text;
        if (motion) animate(element, { opacity: [0.45, 1], transform: ["translateY(0.15em)", "translateY(0)"] }, { duration: 0.28, ease: "easeOut" });
      }
    }
    model.charts.forEach((chart, index) => {
      const scale = root.querySelector<HTMLElement>(`[data-chart="${index}"] [data-chart-scale]`);
      if (scale) scale.textContent = formatUsd(chartScale(chart, figures), locale);
      const before = barShares(chart, shown);
      const after = barShares(chart, figures);
      for (const key of chart.bars) {
        const bar = root.querySelector<HTMLElement>(`[data-chart="${index}"] [data-bar="${key}"]`);
        if (!bar) continue;
        const target = barTransform(after[key]!);
        if (bar.style.transform === target) continue;
        bar.style.transform = target;
        if (motion) animate(bar, { transform: [barTransform(before[key]!), target] }, { duration: 0.45, ease: [0.22, 1, 0.36, 1] });
      }
    });
    shown = figures;
    if (withMotion && summary) {
      clearTimeout(pause);
      pause = setTimeout(() => (summary.textContent = summaryOf(model, figures, locale)), SUMMARY_PAUSE_MS);
    }
  };

  const onInput = (event: Event) => {
    if ((event.target as HTMLElement | null)?.matches?.("[data-calc-input]")) update(true);
  };
  root.addEventListener("input", onInput);
  // The visitor may have typed before this script arrived: show the figures for what is there now.
  update(false);
  return () => {
    root.removeEventListener("input", onInput);
    clearTimeout(pause);
  };
}
