import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FIELD_KINDS, JSON_SCHEMA_OPTIONS, KIND_KEYWORD } from "./field-kinds.ts";
import { image, imageFile, imageSrc, markdown, template, text, track, validUntil } from "./fields.ts";
import { price } from "./prices.ts";
import { link } from "./link.ts";
import { linkValues, valuesOfKind, type JsonSchema } from "./json-schema-lookup.ts";
import { keep } from "./kept.ts";
import { videoName } from "./video.ts";

const json = (schema: z.ZodType) => z.toJSONSchema(schema, JSON_SCHEMA_OPTIONS) as JsonSchema;

describe("field kinds", () => {
  it("each field constructor's JSON Schema carries its kind, through a later description, optional() or default", () => {
    const schema = z.strictObject({
      to: link(),
      renamed: link().meta({ title: "Where it goes", description: "A block's own words." }).optional(),
      photo: image("hero", "A photo."),
      logo: imageFile("press-logo", "A logo."),
      share: imageSrc(),
      event: track("a click"),
      video: videoName("A video."),
      ends: validUntil(),
      cost: price("A price."),
      words: text("Words.").max(70),
      counted: template("{count} items.", ["count"]),
      body: markdown("An article."),
    });
    const fields = json(schema).properties!;
    expect(Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field[KIND_KEYWORD]]))).toEqual({
      to: FIELD_KINDS.link,
      renamed: FIELD_KINDS.link,
      photo: FIELD_KINDS.image,
      logo: FIELD_KINDS.image,
      share: FIELD_KINDS.servedImage,
      event: FIELD_KINDS.event,
      video: FIELD_KINDS.video,
      ends: FIELD_KINDS.expiry,
      cost: FIELD_KINDS.price,
      words: FIELD_KINDS.text,
      counted: FIELD_KINDS.text,
      body: FIELD_KINDS.text,
    });
  });

  it("finds fields by kind, not by title or name: a link titled otherwise is found, a text titled Link is not", () => {
    const schema = json(
      z.strictObject({
        items: z.array(z.strictObject({ goesTo: link().meta({ title: "Destination" }), caption: z.string().meta({ title: "Link" }) })),
        lastDay: validUntil(),
        validUntil: z.string().optional(),
      }),
    );
    const data = { items: [{ goesTo: "/contact", caption: "/nowhere" }], lastDay: "2026-01-31", validUntil: "2020-01-01" };
    expect(linkValues(schema, data)).toEqual([{ path: ["items", 0, "goesTo"], value: "/contact" }]);
    expect(valuesOfKind(FIELD_KINDS.expiry, schema, data)).toEqual([{ path: ["lastDay"], value: "2026-01-31" }]);
  });

  it("finds every kind in one walk, choosing each item's alternative by its constant, or by trying them where one has alternatives of its own", () => {
    const section = (type: string, field: z.ZodType) => z.strictObject({ type: z.literal(type), field });
    const plain = json(
      z.strictObject({ sections: z.array(z.union([section("quote", z.string()), section("button", link()), section("reminder", validUntil())])) }),
    );
    const data = {
      sections: [
        { type: "reminder", field: "2026-01-31" },
        { type: "button", field: "/contact" },
        { type: "quote", field: "/not-a-link" },
      ],
    };
    expect(linkValues(plain, data)).toEqual([{ path: ["sections", 1, "field"], value: "/contact" }]);
    expect(valuesOfKind(FIELD_KINDS.expiry, plain, data)).toEqual([{ path: ["sections", 0, "field"], value: "2026-01-31" }]);
    expect(valuesOfKind(FIELD_KINDS.video, plain, data)).toEqual([]);
    // An alternative that is itself a choice (a union inside the union) is tried as before.
    const nested = json(
      z.strictObject({ sections: z.array(z.union([section("quote", z.string()), z.union([section("button", link()), section("note", z.string())])])) }),
    );
    expect(
      linkValues(nested, {
        sections: [
          { type: "note", field: "/x" },
          { type: "button", field: "/contact" },
        ],
      }),
    ).toEqual([{ path: ["sections", 1, "field"], value: "/contact" }]);
    // Sections kept frozen from an earlier load (each walked once, alone) give the same fields at the same places.
    const kept = keep(structuredClone(data));
    const read = (found: { path: unknown; value: string }[]) => found.map(({ path, value }) => ({ path, value }));
    for (const kind of Object.values(FIELD_KINDS)) {
      expect(read(valuesOfKind(kind, plain, { sections: [...kept.sections] })), kind).toEqual(read(valuesOfKind(kind, plain, structuredClone(data))));
      expect(read(valuesOfKind(kind, plain, { sections: [...kept.sections] })), kind).toEqual(read(valuesOfKind(kind, plain, structuredClone(data))));
    }
  });
});
