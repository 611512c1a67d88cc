/**
 * The look every card shares: white panel, hairline border, rounded corners. A card is a
 * light surface on any section, so it sets the light tone for what is inside it.
 */
export const cardSurface = {
  "data-tone": "plain",
  bg: "bg",
  color: "fg",
  borderWidth: "1px",
  borderColor: "border",
  borderRadius: "xl",
} as const;
