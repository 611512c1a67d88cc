/**
 * Named link targets (`booking`, `course`) are defined once, in content/site.yaml.
 * Every link written as a name is checked against them here, once, in every file,
 * whether or not the rest of the file is valid, so a misspelt target is reported
 * with the file's other problems.
 */
import { parseLink, unknownTarget } from "./link.ts";
import { formatPath, locate, type Problem, type SourceFile } from "./problems.ts";
import { linkValues, type JsonSchema } from "./schema-fields.ts";

export function unknownTargets(source: SourceFile, json: JsonSchema, data: unknown, targets: readonly string[]): Problem[] {
  return linkValues(json, data).flatMap(({ path, value }) => {
    const parsed = parseLink(value);
    if (!parsed.ok || parsed.link.kind !== "target" || targets.includes(parsed.link.name)) return [];
    return [
      {
        severity: "error" as const,
        code: "unknown-target" as const,
        file: source.file,
        ...locate(source, path),
        path: formatPath(path),
        ...unknownTarget(parsed.link.name, targets),
      },
    ];
  });
}
