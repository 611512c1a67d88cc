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
