/**
 * Every problem the content check reports carries one of these codes. They are
 * stable: tests, CI scripts and the editing guide (CONTENT.md, "Reading an error")
 * refer to them, so a code is never renamed or reused for something else.
 */
export const PROBLEM_CODES = {
  // Reading the file
  "file-missing": "A content file is missing.",
  "file-unreadable": "A content file could not be read.",
  "file-too-large": "A file is over the size limit (16 MiB).",
  "too-many-lines": "A file has more than 500,000 lines.",
  "yaml-syntax": "The file is not valid YAML at this point.",
  "tab-indent": "A tab is used for indentation.",
  "bad-indent": "A line is indented differently from the fields around it.",
  "unquoted-colon": "A colon followed by a space inside a value.",
  "comment-in-text": "Text followed by ` #`: YAML drops the rest of the line as a comment.",
  "duplicate-key": "The same field appears twice in one place.",
  "nesting-too-deep": "Brackets nested more than 64 levels.",
  "yaml-directive": "A YAML directive (%YAML, %TAG).",
  "yaml-anchor": "An anchor (&name).",
  "yaml-alias": "An alias (*name).",
  "yaml-tag": "A custom tag (!name).",
  // Fields and values
  "missing-field": "A required field is missing.",
  "unknown-field": "A field the block or file does not have (often a typo).",
  "wrong-type": "A value of the wrong kind: text where a number or a list is expected, or the reverse.",
  "invalid-choice": "A value that is not one of the field's choices.",
  "invalid-format": "A value that does not have the field's form (an id, a tag, a name).",
  "out-of-range": "A number outside the field's range.",
  "too-long": "Text over the field's length limit.",
  "too-few": "A list with fewer items than the field needs.",
  "too-many": "A list with more items than the field allows.",
  "empty-text": "Text that is empty or shows nothing.",
  "hidden-character": "Text containing an invisible, control or direction character.",
  "unknown-placeholder": "A {placeholder} the field does not know.",
  "missing-placeholder": "Text without a {placeholder} the field needs.",
  "bad-date": "A date that is not written as year-month-day or does not exist.",
  // Sections and pages
  "unknown-block": "A section type that does not exist.",
  "missing-block-type": "A section without a type.",
  "hero-first": "A page that does not start with its hero.",
  "second-hero": "A page with more than one hero.",
  "duplicate-route": "Two pages with the same path.",
  "no-404": 'No page for unknown addresses (path: "*").',
  "duplicate-id": "Two sections of one page with the same id.",
  "reserved-id": "A section id the page itself uses.",
  "duplicate-name": "Two items that must be named apart have the same name.",
  "invalid-combination": "Fields that do not work together.",
  // Links and images
  "link-scheme": "A link with a scheme that is not allowed (javascript:, data:, http:...).",
  "link-invalid": "A link that is not a route, a named target or a valid URL.",
  "link-too-long": "A link over 2,000 characters.",
  "unknown-target": "A named link target that content/site.yaml does not define.",
  "unknown-route": "A link to a route no page has (it lands on the 404 page).",
  "image-external": "A picture on a site that content/site.yaml does not list under media.imageHosts.",
  "image-path": "A picture's path that is not /images/<file> or an https: address.",
  "image-missing": "A picture's file that does not exist.",
  "image-not-image": "A file that is not a picture the site can use.",
  "image-too-large": "A picture's file over 25 MiB.",
  "image-unsafe": "An SVG with a script, an event handler or an outside reference.",
  "image-corrupt": "A picture's file that cannot be decoded.",
  "image-unreachable": "A picture on another site that the build could not fetch.",
  "image-too-small": "A picture narrower than twice the largest size it is shown at: it will look blurry on sharp screens.",
  "no-tagged-items": "A collection pick whose tag no item has.",
  // Articles and languages
  "markdown-unsupported": "Markdown an article does not allow: raw HTML, a picture, code, a rule or a reference-style link.",
  "markdown-heading": "A heading an article does not allow: level 1 (the title is), deeper than level 4, or a skipped level.",
  "unknown-language": "A language that content/site.yaml does not declare.",
  "translation-mismatch": "Pages said to be translations of each other that do not fit together.",
  // Advice
  "title-too-long": "A page title that search results would cut.",
  "description-too-long": "A page description that search results would cut.",
  "date-passed": "A validUntil date that has passed.",
  "more-problems": "More problems in the file than are listed.",
} as const satisfies Record<string, string>;

export type ProblemCode = keyof typeof PROBLEM_CODES;
