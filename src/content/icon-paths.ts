/**
 * The site's icon set: 24×24 stroke icons as SVG path data. Plain data, shared by
 * the schemas (which accept these names) and the Icon component; no icon library
 * ships to the browser.
 */
export const ICON_PATHS = {
  "arrow-right": "M5 12h14M13 6l6 6-6 6",
  book: "M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2zM4 21a2 2 0 0 1 2-2h13v2H6",
  briefcase: "M3 8h18v12H3zM8 8V5a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v3M3 13h18",
  calculator: "M5 3h14v18H5zM8 7h8M8 11h2M12 11h2M16 11h0M8 15h2M12 15h2M8 18h2M12 18h2M16 15v3",
  calendar: "M4 6h16v15H4zM4 10h16M8 3v5M16 3v5",
  chart: "M4 20V4M4 20h16M8 16v-4M12 16V8M16 16v-6",
  check: "M5 12l4.5 4.5L19 7",
  clock: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2",
  document: "M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6",
  "file-template": "M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7",
  external: "M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5",
  dollar: "M12 3v18M16.5 7.5C16 6 14.3 5 12 5 9.5 5 8 6.3 8 8c0 4.5 8.5 2.5 8.5 7.5 0 1.8-1.8 3.5-4.5 3.5-2.6 0-4.3-1.2-4.8-3",
  graduation: "M2 9l10-5 10 5-10 5zM6 11v5c2 2 10 2 12 0v-5M22 9v6",
  mail: "M3 5h18v14H3zM3 6l9 7 9-7",
  map: "M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zM12 7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z",
  phone: "M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z",
  play: "M8 5v14l11-7z",
  rocket: "M5 15c-1.5 1.5-2 5-2 5s3.5-.5 5-2M9 12l3 3M14.5 4.5C17 2 21 3 21 3s1 4-1.5 6.5L13 16l-5-5zM15 9h0",
  shield: "M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5",
  spark: "M12 3l2 5 5 2-5 2-2 5-2-5-5-2 5-2z",
  star: "M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z",
  target: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM12 11a1 1 0 1 0 0 2 1 1 0 0 0 0-2z",
  users: "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1M16 3.5a4 4 0 0 1 0 7M18 14a6 6 0 0 1 4 6v1",
  video: "M3 6h13v12H3zM16 10l5-3v10l-5-3",
  x: "M6 6l12 12M18 6L6 18",
  linkedin:
    "M4 9h3.5v11H4zM5.75 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM10 9h3.3v1.6c.5-.9 1.7-1.9 3.5-1.9 3.6 0 4.2 2.3 4.2 5.4V20h-3.5v-5.2c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V20H10z",
  instagram: "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zM12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM17.5 6.5h0",
  youtube: "M3 8.5C3 6.5 4.5 5 6.5 5h11C19.5 5 21 6.5 21 8.5v7c0 2-1.5 3.5-3.5 3.5h-11C4.5 19 3 17.5 3 15.5zM10 9v6l5-3z",
} as const;

export type IconName = keyof typeof ICON_PATHS;
export const ICON_NAMES = Object.keys(ICON_PATHS).sort() as [IconName, ...IconName[]];
