import { describe, expect, it } from "vitest";
import { parseLink } from "./link.ts";

describe("parseLink", () => {
  it.each([
    ["/tax-course", { kind: "route", href: "/tax-course" }],
    ["/", { kind: "route", href: "/" }],
    ["/press#featured", { kind: "route", href: "/press#featured" }],
    ["#faq", { kind: "route", href: "#faq" }],
    ["booking", { kind: "target", name: "booking", href: "" }],
    ["https://www.example.com/page?a=1", { kind: "url", href: "https://www.example.com/page?a=1" }],
    ["mailto:hello@example.com", { kind: "url", href: "mailto:hello@example.com" }],
    ["tel:+15550100199", { kind: "url", href: "tel:+15550100199" }],
  ])("accepts %s", (raw, link) => {
    expect(parseLink(raw)).toEqual({ ok: true, link });
  });

  it.each([
    ["javascript:alert(1)", 'The "javascript:" scheme is not allowed in links.'],
    ["JaVaScRiPt:alert(1)", 'The "JaVaScRiPt:" scheme is not allowed in links.'],
    ["data:text/html,<script>alert(1)</script>", 'The "data:" scheme is not allowed in links.'],
    ["vbscript:msgbox(1)", 'The "vbscript:" scheme is not allowed in links.'],
    [" javascript:alert(1)", "The link contains a space (U+0020) at position 1."],
    ["java\tscript:alert(1)", "The link contains a tab (U+0009) at position 5."],
    ["/tax\u200bcourse", "The link contains a zero-width space (U+200B) at position 5."],
    ["/tax\u2013course", "The link contains an en dash (–) (U+2013) at position 5."],
    ["/p\u202Eage", "The link contains a right-to-left override (U+202E) at position 3."],
    ["https://www.irs.gov@evil.example.com/", '"https://www.irs.gov@evil.example.com/" has a user name before its host (the part before @).'],
    ["https://evil.example.com\\@good.example.com", '"https://evil.example.com\\@good.example.com" contains a backslash.'],
    ["//evil.example.com", '"//evil.example.com" is a protocol-relative link.'],
    ["http://example.com", '"http://example.com" uses http:.'],
    ["HTTPS://example.com", '"HTTPS://example.com" has its scheme in capitals.'],
    ["https://localhost", '"https://localhost" has no valid host.'],
    ["mailto:nobody", '"mailto:nobody" is not a valid mailto: link: its address is not a plain name@example.com.'],
    ["Book Now", "The link contains a space (U+0020) at position 5."],
    ["", "The link is empty."],
  ])("rejects %j", (raw, message) => {
    const result = parseLink(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toBe(message);
      expect(result.hint.length).toBeGreaterThan(0);
    }
  });
});
