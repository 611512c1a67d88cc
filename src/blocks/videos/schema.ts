import { z } from "zod";
import { action, blockSchema, image, link, sectionHeader, text, track } from "../../content/fields.ts";
import type { Resolved } from "../../content/fields.ts";

export const videoSchema = z
  .strictObject({
    title: text("The video's title."),
    duration: z
      .string()
      .regex(/^(\d{1,2}:)?\d{1,2}:\d{2}$/, { message: "Expected a duration like 12:45 or 1:05:30." })
      .meta({ description: "Running time, like 12:45." }),
    description: text("One or two sentences.").optional(),
    thumbnail: image("video-thumbnail", "A still from the video, wide (16:9): src and alt, or decorative: true.").optional(),
    to: link().optional().meta({ description: "Where the card leads, such as the course page." }),
    track: track("a click on the card"),
  })
  .superRefine((video, ctx) => {
    if (video.track !== undefined && video.to === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["track"],
        message: "This card has no to:, so it cannot be clicked and there is nothing to record.",
        params: { code: "track-not-clickable", hint: "Add to: with where the card leads, or remove track." },
      });
  })
  .meta({ title: "Video" });

export const videosSchema = blockSchema(
  "videos",
  { title: "Videos", description: "Video cards with title, duration and description, and an optional button under them." },
  {
    ...sectionHeader(),
    items: z.array(videoSchema).min(1).max(12),
    note: text("A line under the cards, like 50+ hours of premium content.").optional(),
    action: action().optional(),
  },
);

export type VideosProps = Resolved<z.output<typeof videosSchema>>;
