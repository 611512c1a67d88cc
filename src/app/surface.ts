/** The look every card shares: white panel, hairline border, rounded corners. */
export const cardSurface = {
  bg: "bg",
  color: "fg",
  borderWidth: "1px",
  borderColor: "border",
  borderRadius: "xl",
} as const;
