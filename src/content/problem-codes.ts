/**
 * What a kind of problem is, and how a marketer fixes it in general. A check says more
 * where it can ("Did you mean ...?"); where it cannot, the problem carries this hint
 * (problemAt), so no problem is reported without a way out. The guide's table of codes
 * is made from these (`npm run docs`).
 */
export interface ProblemKind {
  /** What the code means, in one line. */
  title: string;
  /** The usual fix: imperative, concrete, true of every check that reports the code. */
  hint: string;
}

/**
 * Every problem the content check reports carries one of these codes. They are
 * stable: tests, CI scripts and the editing guide (CONTENT.md, "Reading an error")
 * refer to them, so a code is never renamed or reused for something else.
 */
export const PROBLEM_CODES = {
  // Reading the file
  "file-missing": {
    title: "A content file is missing.",
    hint: "Restore the file from version control, with the name and folder CONTENT.md gives it (The files you edit).",
  },
  "file-unreadable": {
    title: "A content file could not be read.",
    hint: "Check that the file opens in your editor as plain text and that you may read it; if this began after an edit, undo the edit and save.",
  },
  "file-too-large": {
    title: "A file is over the size limit (32 MiB).",
    hint: "Make the file smaller: remove items the site no longer uses, and anything pasted in that is not content (a picture or a document as text).",
  },
  "file-encoding": {
    title: "A file that is not saved as UTF-8 (Windows-1252, UTF-16...): its accented letters would be lost.",
    hint: "Save the file as UTF-8 in your editor (in VS Code: the encoding in the status bar, then Save with Encoding, UTF-8), then check its accented letters.",
  },
  "too-many-lines": {
    title: "A file has more than 500,000 lines.",
    hint: "Remove long runs of blank lines or comments, and items the site no longer uses.",
  },
  "yaml-syntax": {
    title: "The file is not valid YAML at this point.",
    hint: "Check this line and the one above: fields of one item lined up with spaces, every quote and bracket closed. Put a text that starts with a character such as - : # [ { & or * in double quotes.",
  },
  "tab-indent": {
    title: "A tab is used for indentation.",
    hint: "Replace the tab with spaces: two per level, lined up with the fields around it.",
  },
  "bad-indent": {
    title: "A line is indented differently from the fields around it.",
    hint: "Line it up with the other fields of the same item, using spaces only: a field inside another starts two spaces further in.",
  },
  "unquoted-colon": {
    title: "A colon followed by a space inside a value.",
    hint: 'Put the whole text in double quotes, like note: "Deadline: 15 April".',
  },
  "comment-in-text": {
    title: "Text followed by ` #`: YAML drops the rest of the line as a comment.",
    hint: "Put the whole text in double quotes to keep the # and what follows it; for a note to editors, put the comment on a line of its own.",
  },
  "duplicate-key": {
    title: "The same field appears twice in one place.",
    hint: "Keep one of the two, with the value you want, and remove the other.",
  },
  "nesting-too-deep": {
    title: "Brackets nested more than 64 levels.",
    hint: "Write the lists and fields as indented lines, one per line, instead of brackets inside brackets.",
  },
  "yaml-directive": {
    title: "A YAML directive (%YAML, %TAG).",
    hint: "Remove the line that starts with %: content files are plain YAML and need no directives.",
  },
  "yaml-anchor": {
    title: "An anchor (&name).",
    hint: "Remove the &name and write the content out in full wherever it is needed.",
  },
  "yaml-alias": {
    title: "An alias (*name).",
    hint: "Replace the *name with the content it stands for, written out in full.",
  },
  "yaml-tag": {
    title: "A custom tag (!name), or one that makes something other than plain data (!!timestamp, !!binary, !!set, !!omap, !!pairs).",
    hint: "Remove the tag (the word starting with !) and write the value as plain text, a number, or true or false.",
  },
  // Fields and values
  "missing-field": {
    title: "A required field is missing.",
    hint: "Add the field, lined up with the other fields of the same item: docs/blocks.md lists each section's fields, CONTENT.md those of the other files.",
  },
  "unknown-field": {
    title: "A field the block or file does not have (often a typo).",
    hint: "Check its spelling against the fields this item takes (docs/blocks.md lists each section's), or remove it.",
  },
  "wrong-type": {
    title: "A value of the wrong kind: text where a number or a list is expected, or the reverse.",
    hint: "Write the kind of value the message expects: a number as plain digits (no quotes, $ or commas), a list as lines starting with '- ', or text in quotes if it looks like a number.",
  },
  "invalid-choice": {
    title: "A value that is not one of the field's choices.",
    hint: "Write one of the values the message lists, spelt exactly as it is there.",
  },
  "invalid-format": {
    title: "A value that does not have the field's form (an id, a tag, a name).",
    hint: "Rewrite the value in the form the message or the field's description gives, following its example (docs/blocks.md has each section's fields).",
  },
  "out-of-range": {
    title: "A number outside the field's range.",
    hint: "Write a number inside the range the message gives; check for a digit too many or too few.",
  },
  "too-long": {
    title: "Text over the field's length limit.",
    hint: "Shorten the text to within the limit the message gives; more detail belongs in another field or on a page of its own.",
  },
  "too-few": {
    title: "A list with fewer items than the field needs.",
    hint: "Add items until the list has as many as the message asks for.",
  },
  "too-many": {
    title: "A list with more items than the field allows.",
    hint: "Remove items, or merge those that belong together, until the list is within the limit; a long list can often be split across two sections.",
  },
  "empty-text": {
    title: "Text that is empty or shows nothing.",
    hint: "Write the text, or remove the field if it is optional.",
  },
  "hidden-character": {
    title: "Text containing an invisible, control or direction character.",
    hint: "Retype the text around the place the message gives, or paste it again as plain text, to drop the hidden character.",
  },
  "unknown-placeholder": {
    title: "A {placeholder} the field does not know.",
    hint: "Correct the name between the braces to one the field takes (its description names them, like {count}), or remove the placeholder.",
  },
  "missing-placeholder": {
    title: "Text without a {placeholder} the field needs.",
    hint: "Add the {placeholder} the message names to the text, where its value should appear.",
  },
  "bad-date": {
    title: "A date that is not written as year-month-day or does not exist.",
    hint: "Write the date as year-month-day, like 2026-09-15, on a day that exists (2026-02-30 does not).",
  },
  "schedule-order": {
    title: "A schedule whose until is not after its from: the item would never show.",
    hint: "Make until later than from, or swap the two if they are the wrong way round.",
  },
  "hidden-forever": {
    title: "A hidden: window with neither from nor until, or hidden: windows that cover the item's whole schedule: it would never show.",
    hint: "Give each hidden window a from:, an until: or both, leaving some time for the item to show; to take it off the site for good, remove it or end it with until:.",
  },
  // Sections and pages
  "unknown-block": {
    title: "A section type that does not exist.",
    hint: "Write one of the section types docs/blocks.md lists, spelt exactly, like type: cta.",
  },
  "missing-block-type": {
    title: "A section without a type.",
    hint: "Start the section with type: and its kind, like - type: cta (docs/blocks.md lists them).",
  },
  "hero-first": {
    title: "A page that does not start with its hero.",
    hint: "Move the page's hero to the top of its sections, or add one there with type: hero.",
  },
  "second-hero": {
    title: "A page with more than one hero.",
    hint: "Keep one hero, at the top of the page, and change the other to another type of section, such as cards or offer.",
  },
  "duplicate-route": {
    title: "Two pages with the same path.",
    hint: "Give each page its own path (an article's page takes its path from its slug), or merge the two.",
  },
  "no-404": {
    title: 'No page for unknown addresses (path: "*").',
    hint: 'Add a page with path: "*" to pages.yaml: it is shown for every address that matches no page.',
  },
  "duplicate-id": {
    title: "Two sections of one page with the same id that can be shown at the same time.",
    hint: "Give each section its own id, or schedule the two (from:, until:, hidden:) so they are never shown at the same time.",
  },
  "reserved-id": {
    title: "A section id the page itself uses.",
    hint: "Choose another id that says what the section holds, like main-offer instead of main.",
  },
  "reserved-field-name": {
    title: "A form field named like something the browser's form already has (reset, submit, action, name…).",
    hint: "Rename the field, like name to full_name, choosing a name your form provider accepts.",
  },
  "duplicate-name": {
    title: "Two items that must be named apart have the same name.",
    hint: "Rename one of the two, or remove the one that repeats the other.",
  },
  "invalid-combination": {
    title: "Fields that do not work together.",
    hint: "Keep the fields that do what you mean and remove the others; the message says which do not go together.",
  },
  "low-contrast": {
    title: "A brand colour that makes some text too faint to read (under WCAG AA, 4.5:1).",
    hint: "Pick a shade with more contrast: darker for the brand colour or the dark surface, lighter for the accent or the muted surface.",
  },
  "unknown-section": {
    title: "A use: that names no shared section in content/sections.yaml.",
    hint: "Correct the name after use: to one under sections: in content/sections.yaml, or define the section there.",
  },
  "too-many-primary-actions": {
    title: "A section that marks more than one button primary: none stands out as the next step.",
    hint: "Keep variant: primary on the one button that matters most, and make the others variant: secondary.",
  },
  "privacy-link-missing": {
    title: "A site with a form or analytics whose footer links no privacy policy (footer.legal).",
    hint: "Add a privacy policy page and link it under footer: legal: in content/site.yaml (see CONTENT.md, Legal pages).",
  },
  // Links and images
  "link-scheme": {
    title: "A link with a scheme that is not allowed (javascript:, data:, http:...).",
    hint: "Use https: for a web address, mailto: for an email address and tel: for a phone number, or link to a page of the site, like /tax-course.",
  },
  "link-invalid": {
    title: "A link that is not a route, a named target or a valid URL.",
    hint: "Write a page of the site (/tax-course), a named target from content/site.yaml (booking), or a full https:, mailto: or tel: address.",
  },
  "link-too-long": {
    title: "A link over 2,000 characters.",
    hint: "Link to a shorter address: the page itself, without search terms or tracking codes.",
  },
  "unknown-target": {
    title: "A named link target that content/site.yaml does not define.",
    hint: "Correct the name to one of the targets in content/site.yaml, add it there, or write the full address.",
  },
  "unknown-route": {
    title: "A link to a route no page has (it lands on the 404 page).",
    hint: "Correct the path to an existing page's, or add a page with that path to pages.yaml.",
  },
  "redirect-loop": {
    title: "An old address (redirectFrom:) that leads back to itself or to a page that redirects back.",
    hint: "List the old address only under the page that replaced it, and never a page's own path.",
  },
  "redirect-shadows-route": {
    title: "An old address (redirectFrom:) that is a live page's address: the redirect would hide the page.",
    hint: "Remove the old address, or first remove or rename the page that lives at it.",
  },
  "duplicate-redirect": {
    title: "An old address (redirectFrom:) listed twice: it can lead to one page only.",
    hint: "Keep the old address under the one page visitors should land on, and remove the other.",
  },
  "redirect-invalid": {
    title: "An old address on the 404 page, which has no address to redirect to.",
    hint: "Move the old address to the page that replaced it.",
  },
  "draft-link": {
    title: "A link to a page that is still a draft (it lands on the 404 page until the draft is published).",
    hint: "Publish the page (remove its draft: true), or link to another page until it is ready.",
  },
  "image-external": {
    title: "A picture on a site that content/site.yaml does not list under media.imageHosts.",
    hint: "Download the picture into content/images/ and write /images/ and its name, or list its host under media.imageHosts in content/site.yaml if the site may use its pictures.",
  },
  "image-path": {
    title: "A picture's path that is not /images/<file> or an https: address.",
    hint: "Put the file in content/images/ and write /images/ and its name, like /images/team-photo.jpg: letters, digits, - and _, no spaces.",
  },
  "image-missing": {
    title: "A picture's file that does not exist.",
    hint: "Put the file in content/images/, or correct the path: the name, its capitals and its extension must match the file's.",
  },
  "image-not-image": {
    title: "A file that is not a picture the site can use.",
    hint: "Export it again as a JPEG (photos) or as a PNG or SVG (logos, drawings), and use that file.",
  },
  "image-too-large": {
    title: "A picture's file over 25 MiB.",
    hint: "Export the picture smaller (3,000 pixels wide is plenty): the build makes every size a page needs from it.",
  },
  "image-unsafe": {
    title: "An SVG that is more than plain drawing: a script, an event handler, HTML, a link or anything loaded from another address.",
    hint: "Export the SVG again as plain SVG (the plain or optimised option of most tools: no scripts, links or embedded pictures), or use a PNG.",
  },
  "image-corrupt": {
    title: "A picture's file that cannot be decoded.",
    hint: "Export the picture again from the original, as JPEG, PNG or SVG, and replace the file.",
  },
  "image-unreachable": {
    title: "A picture on another site that the build could not fetch.",
    hint: "Check that the address opens the picture in a browser and build again, or download the picture into content/images/ and write /images/ and its name.",
  },
  "image-svg-text": {
    title: "An SVG that writes its words as live text instead of outlines: slower to draw, and in another font where its own is missing.",
    hint: "Export the SVG again with its text converted to outlines (Outline text, or Convert to outlines, in most design tools).",
  },
  "image-too-small": {
    title: "A picture narrower than twice the largest size it is shown at: it will look blurry on sharp screens.",
    hint: "Use a larger copy of the picture, at least twice as wide as the largest size it is shown at.",
  },
  "image-cropped": {
    title: "A photo whose shape is far from the frame it is shown in: more than a third of it is cut off, and no focus: says what stays.",
    hint: "Crop the photo to about the frame's shape yourself, or add focus: to choose what stays in frame (top, or a point like 50% 20%).",
  },
  "image-focus": {
    title: "A photo's focus: that is not a named edge (top, left...) or a point like 30% 40%.",
    hint: "Write a named edge (top, bottom, left, right, center, or a corner like top left) or a point, across then down in percent, like 50% 20%.",
  },
  "no-tagged-items": {
    title: "A collection pick whose tag no item has.",
    hint: "Add the tag to the items the section should show (tags: in their file), or pick a tag they already have.",
  },
  "video-url": {
    title: "A video address that is not a YouTube or Vimeo video with a recognisable id.",
    hint: "Copy the video's address from its YouTube or Vimeo page, like https://www.youtube.com/watch?v=… or https://vimeo.com/123456789.",
  },
  "unknown-video": {
    title: "A video name that content/site.yaml does not declare under videos.",
    hint: "Correct the name to one of the videos in content/site.yaml (videos:), or declare the video there with its url, title and poster.",
  },
  "action-without-destination": {
    title: "A button with neither a destination (to) nor a video: it would do nothing.",
    hint: "Add to: with where the button leads, or video: with a video's name from content/site.yaml, or remove the button.",
  },
  // Prices
  "unknown-price": {
    title: "A price's name (price: course, {prices.course}) that content/site.yaml does not declare under prices.",
    hint: "Correct the name to one of the prices in content/site.yaml (prices:), or declare it there, like course: 497.",
  },
  "sale-price-not-lower": {
    title: "A salePrice that is not below its price: the regular price struck through beside it would not be higher.",
    hint: "Write the regular price under price: and the lower one under salePrice:, or remove salePrice to sell at the regular price.",
  },
  // Analytics
  "unknown-provider": {
    title: "An analytics provider that does not exist.",
    hint: "Write one of the providers the message lists, spelt exactly (CONTENT.md, Measuring visits and clicks, shows how to set one up).",
  },
  "unknown-event": {
    title: "A track: event name that content/site.yaml does not list under analytics.events.",
    hint: "Add the event to analytics.events in content/site.yaml with a description, or use a name already listed there.",
  },
  "track-not-clickable": {
    title: "A track: on something a visitor cannot click or use.",
    hint: "Move track: to something a visitor clicks or uses (a button or link with to:, a form, a calculator), or remove it.",
  },
  "local-address": {
    title: "An analytics address on this computer, a private network or plain http:, which visitors cannot reach.",
    hint: "Use the provider's public https: address, as its setup instructions give it.",
  },
  // Articles and languages
  "markdown-unsupported": {
    title: "Markdown an article does not allow: raw HTML, a picture, code, a rule or a reference-style link.",
    hint: "Rewrite it with what an article allows: ## headings, paragraphs, lists, *emphasis*, **strong**, [links](/route), > quotes and tables.",
  },
  "markdown-heading": {
    title: "A heading an article does not allow: level 1 (the title is), deeper than level 4, or a skipped level.",
    hint: "Use ## for the article's parts and ### or #### within them, going one level deeper at a time.",
  },
  "markdown-too-deep": {
    title: "Quotes, lists or emphasis in an article nested deeper than it allows (quotes 4, lists 6, emphasis 3).",
    hint: "Nest less: fewer > marks before a quote, less indentation before a list item, fewer * and _ around a word.",
  },
  "markdown-too-complex": {
    title: "Article Markdown past a size limit: too many marks or characters in a paragraph, or too many lines or marks in an article.",
    hint: "Split the paragraph or the article in two, and remove marks that are not needed (text pasted from another tool often brings them along).",
  },
  "unknown-language": {
    title: "A language that content/site.yaml does not declare.",
    hint: "Use a language content/site.yaml declares (language: or translations:), or add the language's words under translations: there.",
  },
  "translation-mismatch": {
    title: "Pages said to be translations of each other that do not fit together.",
    hint: "Make translationOf: name the original page's path, and give each translation a language of its own (lang:), one translation per language.",
  },
  "translation-unchecked": {
    title: "A translation that does not record which version of its original page it matches (translatedFrom:).",
    hint: "Once the translation matches its original page, add translatedFrom: below translationOf, with the code npm run validate gives.",
  },
  "translation-outdated": {
    title: "A translation whose original page has changed since it last matched it (translatedFrom:).",
    hint: "Compare the translation with its original page and translate what changed, then write the new code npm run validate gives in translatedFrom:.",
  },
  "known-warning-unused": {
    title: "An entry of knownWarnings (content/site.yaml) that matches no warning any more.",
    hint: "Remove the entry if the warning was fixed; if it moved, write the file and path npm run validate now prints.",
  },
  // Advice
  "title-too-long": {
    title: "A page title that search results would cut.",
    hint: "Shorten the title to 60 characters or fewer, with the words that matter first.",
  },
  "description-too-long": {
    title: "A page description that search results would cut.",
    hint: "Shorten the description to 160 characters or fewer, with the words that matter first.",
  },
  "date-passed": {
    title: "A validUntil date, or an offer's until, that has passed.",
    hint: "Update what the date is about (a price, an offer, a copyright year) and move the date forward, or remove it if it no longer holds.",
  },
  "deprecated-field": {
    title: "A field that still works but has a better replacement (an offer's originalPrice: a sale under prices:); the hint says what to write.",
    hint: "Write it the new way: name a price from content/site.yaml (prices:), which brings its regular price, its sale and when the sale ends.",
  },
  "more-problems": {
    title: "More problems in the file than are listed.",
    hint: "Fix the problems above and check again: many problems in a row usually share one cause.",
  },
} as const satisfies Record<string, ProblemKind>;

export type ProblemCode = keyof typeof PROBLEM_CODES;
