import { chakra, type HTMLChakraProps } from "@chakra-ui/react";
import type { ImageData } from "../content/fields.ts";
import { IMAGE_SLOTS } from "../content/image-slots.ts";

type PictureProps = {
  image: ImageData;
  /** The picture the page is judged by (the hero's): fetched first, never lazily. */
  priority?: boolean;
  /** Text for people who cannot see it, when the content around gives it (a press outlet's name). */
  alt?: string;
} & Omit<HTMLChakraProps<"img">, "src" | "srcSet" | "sizes" | "alt" | "width" | "height">;

/**
 * A picture in the formats and widths the build made for its slot: AVIF, then
 * WebP, then the original format, with the width and height that keep the page
 * from shifting while it loads. Pictures load lazily unless they are the page's
 * first (priority).
 */
export function Picture({ image, priority = false, alt, ...style }: PictureProps) {
  const sizes = IMAGE_SLOTS[image.slot].sizes;
  const img = (
    <chakra.img
      src={image.src}
      srcSet={image.srcset}
      sizes={image.srcset ? sizes : undefined}
      alt={alt ?? image.alt}
      // The attributes, not CSS: the browser reserves the picture's space from them before it loads.
      htmlWidth={image.width}
      htmlHeight={image.height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      bg={image.color}
      {...style}
      // What the content says stays in frame wins over the place's own default.
      {...(image.focus === undefined ? {} : { objectPosition: image.focus })}
    />
  );
  if (!image.sources?.length) return img;
  return (
    <picture style={{ display: "contents" }}>
      {image.sources.map((source) => (
        // display: none keeps the sources out of the layout the picture's display: contents lets the img join.
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} style={{ display: "none" }} />
      ))}
      {img}
    </picture>
  );
}
