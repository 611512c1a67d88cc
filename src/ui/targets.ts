/** A square button the size of a fingertip (44 px) with its icon in the middle: the banner's close button, the header's search. */
export const SQUARE_TARGET = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  boxSize: "11",
  flexShrink: "0",
  borderRadius: "md",
} as const;
