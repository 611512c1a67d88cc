import { z } from "zod";
import { action, blockSchema, externalUrl, imageFile, listOrCollection, tags, template, text } from "../../content/fields.ts";
import type { Resolved } from "../../content/fields.ts";
import { FIELD_KINDS, fieldKinds } from "../../content/field-kinds.ts";

export const pressItemSchema = z
  .strictObject({
    name: text("The outlet's name."),
    url: externalUrl().meta({ title: "Link", description: "The article, or the outlet's home page." }).register(fieldKinds, { kind: FIELD_KINDS.link }),
    category: text("Like Business, Finance or Accounting.").optional(),
    headline: text("The article's headline, shown on featured cards.").optional(),
    logo: imageFile("press-logo", "The outlet's logo (SVG or a wide PNG), shown in every layout; its name stays for screen readers.").optional(),
    tags: tags(),
  })
  .meta({ title: "Press outlet" });

export const pressSchema = blockSchema(
  "press",
  {
    title: "Press",
    description: "Outlets that featured the firm, each an outbound link. In the heading, {count} is replaced by the number of outlets shown.",
  },
  {
    eyebrow: template("Short line above the heading; {count} is the number of outlets shown.", ["count"]).optional(),
    heading: template("The heading, like Featured in {count} publications.", ["count"]).optional(),
    intro: template("A sentence under the heading; {count} is the number of outlets shown.", ["count"]).optional(),
    layout: z.enum(["grid", "featured", "strip", "stack"]).optional().meta({
      description:
        "grid (compact cards with the category, the default), featured (large cards with the headline), strip (one row of names) or stack (one column of large links, for a link page).",
    }),
    linkLabel: text("On featured cards, the link's text, like Read the article.").optional(),
    items: listOrCollection("press", pressItemSchema).meta({
      description: "Outlets inline, or from content/press.yaml: press, or { from: press, tag: featured, limit: 3 }.",
    }),
    action: action().optional(),
  },
);

export type PressProps = Resolved<z.output<typeof pressSchema>>;
