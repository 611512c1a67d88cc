import { z } from "zod";
import { action, defineBlock, imageSrc, link, sectionHeader, text } from "../../content/fields.ts";

export const videoSchema = z
  .strictObject({
    title: text("The video's title."),
    duration: z
      .string()
      .regex(/^(\d{1,2}:)?\d{1,2}:\d{2}$/, { message: "Expected a duration like 12:45 or 1:05:30." })
      .meta({ description: "Running time, like 12:45." }),
    description: text("One or two sentences.").optional(),
    thumbnail: z.strictObject({ src: imageSrc(), alt: text("What the image shows.") }).optional(),
    to: link().optional().meta({ description: "Where the card leads, such as the course page." }),
  })
  .meta({ title: "Video" });

export const videosSchema = defineBlock(
  "videos",
  { title: "Videos", description: "Video cards with title, duration and description, and an optional button under them." },
  {
    ...sectionHeader(),
    items: z.array(videoSchema).min(1).max(12),
    note: text("A line under the cards, like 50+ hours of premium content.").optional(),
    action: action().optional(),
  },
);

export type VideosProps = z.output<typeof videosSchema>;
