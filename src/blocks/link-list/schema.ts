import { z } from "zod";
import { blockSchema, icon, link, sectionHeader, text, track } from "../../content/fields.ts";

export const linkItemSchema = z
  .strictObject({
    title: text("The link's text."),
    description: text("A short line under the title.").optional(),
    to: link().meta({
      description: "Where it goes: a route like /tax-course, a target like booking, or an https: address (opens in a new tab).",
    }),
    icon: icon().optional(),
    track: track("a click on the link"),
  })
  .meta({ title: "Link item" });

export const linkListSchema = blockSchema(
  "link-list",
  {
    title: "Link list",
    description: "A column of large, full-width links, as on a link-in-bio page. Outbound links open in a new tab and say so.",
  },
  {
    ...sectionHeader(),
    items: z.array(linkItemSchema).min(1).max(20),
  },
);

export type LinkListProps = z.output<typeof linkListSchema>;
