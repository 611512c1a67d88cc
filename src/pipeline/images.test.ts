import { describe, expect, it } from "vitest";
import type { ImageData } from "../content/fields.ts";
import { withPictures } from "./images.ts";

describe("withPictures", () => {
  it("puts each picture's data in place of the one resolving handed out, in a copy, and leaves the content as it was", () => {
    const logo: ImageData = { slot: "brand-logo", src: "/images/logo.svg", alt: "" };
    const photo: ImageData = { slot: "hero", src: "/images/team.jpg", alt: "The team" };
    const untouched = { type: "faq", items: [{ question: "Q", answer: "A" }] };
    const hero = { type: "hero", image: photo, actions: [{ label: "Book" }] };
    const content = { site: { logo }, pages: [{ path: "/", sections: [hero, untouched] }], images: [] };
    const before = structuredClone(content);

    const madeLogo: ImageData = { ...logo, src: "/assets/images/logo-1a2b3c4d5e.svg", width: 120, height: 40 };
    const madePhoto: ImageData = { ...photo, src: "/assets/images/team-1a2b3c4d5e-1600.jpg", width: 1600, height: 900 };
    const joined = withPictures(
      content,
      new Map([
        [logo, madeLogo],
        [photo, madePhoto],
      ]),
    );

    expect(joined.site.logo).toBe(madeLogo);
    expect(joined.pages[0]!.sections[0]).toEqual({ ...hero, image: madePhoto });
    // Only the way to a picture is copied: what holds none is the very object it was.
    expect(joined.pages[0]!.sections[1]).toBe(untouched);
    expect((joined.pages[0]!.sections[0] as typeof hero).actions).toBe(hero.actions);
    expect(joined.images).toBe(content.images);
    expect(content).toEqual(before);
    expect(hero.image).toBe(photo);
  });

  it("passes by a frozen value it found no picture in, and still puts in each picture of a frozen section", () => {
    const photo: ImageData = Object.freeze({ slot: "hero", src: "/images/team.jpg", alt: "The team" });
    const hero = Object.freeze({ type: "hero", image: photo, actions: Object.freeze([Object.freeze({ label: "Book" })]) });
    // A kept section without pictures, which counts how often its items are read.
    let reads = 0;
    const items = Object.freeze([Object.freeze({ question: "Q", answer: "A" })]);
    const faq = Object.freeze(
      Object.defineProperty({ type: "faq" }, "items", {
        enumerable: true,
        get: () => {
          reads++;
          return items;
        },
      }),
    );
    // As the dev server hands it over at each save: the same kept sections in a new page.
    const save = () => ({ site: {}, pages: [{ path: "/", sections: [hero, faq] }], images: [{ data: photo }] });
    const made = (width: number): ImageData => ({ ...photo, src: `/assets/images/team-1a2b3c4d5e-${width}.jpg`, width, height: width / 2 });

    // A first save whose only picture made is the logo's: the hero's picture, handed out, is not ready yet.
    const logo: ImageData = { slot: "brand-logo", src: "/images/logo.svg", alt: "" };
    const first = withPictures(save(), new Map([[logo, { ...logo, width: 120, height: 40 }]]));
    expect(first.pages[0]!.sections[0]).toBe(hero);
    const readOnce = reads;
    const second = withPictures(save(), new Map([[photo, made(1600)]]));
    expect(second.pages[0]!.sections[0]).toEqual({ ...hero, image: made(1600) });
    expect(second.pages[0]!.sections[1]).toBe(faq);
    expect(reads).toBe(readOnce);
  });

  it("gives the content itself back when no picture was made", () => {
    const content = { site: {}, pages: [] };
    expect(withPictures(content, new Map())).toBe(content);
  });
});
