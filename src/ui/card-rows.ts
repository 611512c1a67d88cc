/**
 * Cards in a row share their rows (CSS subgrid), so each part of a card (its title, its
 * quote, its price, its timeline, its button) starts at the same height as the same part
 * of its neighbours, whatever the length of the copy before it.
 *
 * `kinds` lists the parts present in at least one card of the grid, in the order they
 * show; every card renders one grid item for each, empty where it has no such part.
 */
export function presentParts<Item, Kind extends string>(items: Item[], parts: [Kind, (item: Item) => unknown][]): Kind[] {
  return parts.filter(([, has]) => items.some((item) => Boolean(has(item)))).map(([kind]) => kind);
}

/** Style of a card that takes its rows from the grid around it: one row per part. */
export const subgridCard = (rowCount: number, gap: string) =>
  ({
    display: "grid",
    gridTemplateRows: "subgrid",
    gridRow: `span ${rowCount}`,
    rowGap: gap,
    alignContent: "start",
  }) as const;

const ICON_ROW_ATTRIBUTE = "data-icon-row";

/** Spread on a card's icon and on its title: the two parts phoneIconRow keeps side by side on phones. */
export const ICON_ROW_PART = { [ICON_ROW_ATTRIBUTE]: "" } as const;

/** Phones, where cards stack one to a row: below the sm breakpoint (30em). */
export const PHONE = "@media (max-width: 29.99em)";

/**
 * On phones a card's icon sits beside its title instead of on a row of its own, and its other
 * parts run under both: a row less in every card of a long stack. The icon and the title carry
 * ICON_ROW_PART; wider, the card keeps its shared rows (subgridCard). `more` adds to the phone
 * layout (a card without its frame, say).
 */
export const phoneIconRow = (rowGap: string, more: Record<string, string | Record<string, string>> = {}) =>
  ({
    [PHONE]: {
      display: "grid",
      gridTemplateRows: "auto",
      gridRow: "auto",
      gridTemplateColumns: "auto minmax(0, 1fr)",
      columnGap: "0.875rem",
      rowGap,
      [`& > [${ICON_ROW_ATTRIBUTE}]`]: { alignSelf: "center" },
      [`& > :not([${ICON_ROW_ATTRIBUTE}])`]: { gridColumn: "1 / -1" },
      ...more,
    },
  }) as const;
