import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const assets = join(import.meta.dirname, "..", "..", "dist", "assets");
const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));

describe("client bundle", () => {
  it("contains no validation code: yaml and zod stay at build time", () => {
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) {
      const code = readFileSync(join(assets, name), "utf8");
      for (const marker of ["LineCounter", "YAMLParseError", "ZodError", "$ZodType", "toJSONSchema"]) {
        expect(code.includes(marker), `${name} contains ${marker}`).toBe(false);
      }
    }
  });
});
