import { describe, expect, it } from "vitest";
import { withActionHierarchy } from "./design-rules.ts";

describe("withActionHierarchy", () => {
  const picture = { slot: "hero", src: "/images/hero.jpg", alt: "" };
  const section = {
    type: "hero",
    image: picture,
    actions: [
      { label: "Enroll", to: "/course" },
      { label: "Talk to us", to: "/contact" },
    ],
    items: [{ title: "Card", action: { label: "More", to: "/more" } }],
    facts: [{ value: "65" }],
  };

  it("leads with one primary, then secondaries, and text links inside items", () => {
    const result = withActionHierarchy(section);
    expect(result.actions.map((action) => (action as { variant?: string }).variant)).toEqual(["primary", "secondary"]);
    expect((result.items[0]!.action as { variant?: string }).variant).toBe("link");
  });

  it("copies only the way to a button: pictures and other parts stay the objects resolving handed out", () => {
    const result = withActionHierarchy(section);
    // The build fills a picture's files in on this very object; a copy would keep the raw address.
    expect(result.image).toBe(picture);
    expect(result.facts).toBe(section.facts);
    expect(section.actions[0]).not.toHaveProperty("variant");
  });

  it("keeps a section whose buttons all say their variant as it is", () => {
    const marked = { type: "cta", actions: [{ label: "Go", to: "/", variant: "secondary" as const }] };
    expect(withActionHierarchy(marked)).toBe(marked);
  });
});
