import { z } from "zod";
import { blockSchema, sectionHeader, text } from "../../content/fields.ts";
import type { Resolved } from "../../content/fields.ts";
import { videoName } from "../../content/video.ts";

export const videoSchema = blockSchema(
  "video",
  {
    title: "Video",
    description:
      "One video from content/site.yaml (videos:), shown as its poster with a play button: nothing loads from YouTube or Vimeo until the visitor presses play.",
  },
  {
    ...sectionHeader(),
    video: videoName("The video's name under videos: in content/site.yaml, like course-preview."),
    note: text("A line under the video, like Runs 4 minutes; no sign-up needed.").optional(),
  },
);

export type VideoProps = Resolved<z.output<typeof videoSchema>>;
