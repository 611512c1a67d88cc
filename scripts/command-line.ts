/**
 * The options of a command-line script (npm run build, npm run validate), read with Node's
 * parseArgs: `--help` prints the script's usage, and an option it does not know, or one without
 * its value, is a line saying so above the usage (exit code 2), never a stack trace.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;

export function readOptions<T extends Options>(options: T, usage: string): ReturnType<typeof parseArgs<{ options: T }>>["values"] {
  let parsed;
  try {
    parsed = parseArgs({ options: { ...options, help: { type: "boolean" } }, strict: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed.values as ReturnType<typeof parseArgs<{ options: T }>>["values"];
}
