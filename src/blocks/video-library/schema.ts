import { z } from "zod";
import type { Resolved } from "../../content/fields.ts";
import { action, blockSchema, sectionHeader, text } from "../../content/fields.ts";
import { videoSchema } from "../videos/schema.ts";

const categorySchema = z
  .strictObject({
    title: text("The category's name, like Getting Started."),
    description: text("A sentence about the category.").optional(),
    videos: z.array(videoSchema).min(1).max(12).meta({ description: "The category's videos, in order." }),
  })
  .meta({ title: "Video category" });

export const videoLibrarySchema = blockSchema(
  "video-library",
  {
    title: "Video library",
    description: "Videos grouped by category, each a compact row with its title and running time: a library rather than a showcase (for that, use videos).",
  },
  {
    ...sectionHeader(),
    categories: z.array(categorySchema).min(1).max(8),
    action: action().optional().meta({ description: "A button under the library." }),
  },
);

export type VideoLibraryProps = Resolved<z.output<typeof videoLibrarySchema>>;
