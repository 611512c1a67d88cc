/**
 * Analytics events are listed once, in content/site.yaml (`analytics.events`); every
 * `track:` in the other files is checked against that list here, once, whether or not
 * the rest of the file is valid, so a misspelt name is reported with the file's other problems.
 */
import { didYouMean, type Problem, type SourceFile, problemAt } from "./problems.ts";
import { FIELD_KINDS } from "./field-kinds.ts";
import { valuesOfKind, type JsonSchema } from "./json-schema-lookup.ts";

export function unknownEvents(source: SourceFile, json: JsonSchema, data: unknown, events: readonly string[], hasProvider: boolean): Problem[] {
  return valuesOfKind(FIELD_KINDS.event, json, data).flatMap((found) => {
    const { value } = found;
    if (events.includes(value)) return [];
    const guess = didYouMean(value, events);
    return [
      problemAt(source, found.path, {
        code: "unknown-event",
        message: hasProvider
          ? `The event ${JSON.stringify(value)} is not listed under analytics.events in content/site.yaml.`
          : `The event ${JSON.stringify(value)} cannot be recorded: content/site.yaml has no analytics provider.`,
        hint: guess
          ? `Did you mean "${guess}"?`
          : hasProvider
            ? `Add it to analytics.events with a description${events.length ? `, or use one of: ${events.join(", ")}` : ""}.`
            : "Set up analytics in content/site.yaml (see CONTENT.md, Measuring visits and clicks), or remove track.",
      }),
    ];
  });
}
