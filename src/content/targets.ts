/**
 * Named link targets (`booking`, `course`) are defined once, in content/site.yaml.
 * Every link written as a name is checked against them here, once, in every file,
 * whether or not the rest of the file is valid, so a misspelt target is reported
 * with the file's other problems.
 */
import { parseLink, unknownTarget } from "./link.ts";
import { type Problem, type SourceFile, problemAt } from "./problems.ts";
import { FIELD_KINDS } from "./field-kinds.ts";
import { linkValues, valuesOfKind, type JsonSchema } from "./json-schema-lookup.ts";
import { unknownVideo, VIDEO_NAME } from "./video.ts";

export function unknownTargets(source: SourceFile, json: JsonSchema, data: unknown, targets: readonly string[]): Problem[] {
  return linkValues(json, data).flatMap((found) => {
    const parsed = parseLink(found.value);
    if (!parsed.ok || parsed.link.kind !== "target" || targets.includes(parsed.link.name)) return [];
    return [problemAt(source, found.path, { code: "unknown-target", ...unknownTarget(parsed.link.name, targets) })];
  });
}

/** Every video named in a file (a video block, a button's video:) that content/site.yaml does not declare. */
export function unknownVideos(source: SourceFile, json: JsonSchema, data: unknown, videos: readonly string[]): Problem[] {
  return valuesOfKind(FIELD_KINDS.video, json, data).flatMap((found) => {
    const { value } = found;
    // A name of the wrong form is reported by the schema already.
    if (videos.includes(value) || !VIDEO_NAME.test(value)) return [];
    return [problemAt(source, found.path, { code: "unknown-video", ...unknownVideo(value, videos) })];
  });
}
