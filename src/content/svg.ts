/**
 * Whether an SVG is plain drawing. An SVG is a document as much as a picture: opened on
 * its own (a browser tab, the editor's preview, a link to the file) it can run script,
 * fetch from other sites and carry HTML. The page shows it through <img>, where none of
 * that runs, but the file itself is served by the site, so only shapes, paint, text and
 * the structure that holds them are let in.
 *
 * The file is read by an XML parser with namespaces, as a browser reads it: a check on
 * the text would miss a prefixed script (<x:script xmlns:x="http://www.w3.org/2000/svg">)
 * or an address spelled with character references (&#x6a;avascript:). Everything not on
 * the lists below is refused, so a construct nobody thought of is refused too.
 */
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from "saxes";

export interface SvgFinding {
  /** What was found, for a sentence: "contains <what>"; for a malformed file, what the parser could not read. */
  what: string;
  /** Its line in the SVG file, when the parser knows it. */
  line?: number;
  /** The file is not well-formed XML: a browser shows an error instead, and the build cannot draw it. */
  malformed?: boolean;
}

const SVG = "http://www.w3.org/2000/svg";
const XLINK = "http://www.w3.org/1999/xlink";
const XML = "http://www.w3.org/XML/1998/namespace";
const XMLNS = "http://www.w3.org/2000/xmlns/";

/**
 * What drawing tools write beside the drawing for their own use (Inkscape's and Sodipodi's
 * settings, Illustrator's and Sketch's layer names, the RDF licence block inside <metadata>).
 * A browser knows none of these, so it neither renders nor runs them: their elements and
 * attributes are let in, as long as everything inside them is too.
 */
const EDITOR_NAMESPACES = new Set([
  "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd",
  "http://www.inkscape.org/namespaces/inkscape",
  "http://ns.adobe.com/AdobeIllustrator/10.0/",
  "http://ns.adobe.com/AdobeSVGViewerExtensions/3.0/",
  "http://ns.adobe.com/Extensibility/1.0/",
  "http://ns.adobe.com/Graphs/1.0/",
  "http://ns.adobe.com/Variables/1.0/",
  "http://ns.adobe.com/SaveForWeb/1.0/",
  "http://www.bohemiancoding.com/sketch/ns",
  "http://www.serif.com/",
  "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
  "http://creativecommons.org/ns#",
  "http://web.resource.org/cc/",
  "http://purl.org/dc/elements/1.1/",
  "http://purl.org/dc/terms/",
  "adobe:ns:meta/",
  "http://ns.adobe.com/xap/1.0/",
  "http://ns.adobe.com/xap/1.0/mm/",
  "http://ns.adobe.com/xap/1.0/sType/ResourceRef#",
]);

/** Elements that draw, paint or hold a drawing. Not here, among others: script, foreignObject, a, image, feImage, iframe, video, audio, cursor, view, font. */
const ELEMENTS = new Set([
  "svg",
  "g",
  "defs",
  "symbol",
  "use",
  "switch",
  "title",
  "desc",
  "metadata",
  "style",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "textPath",
  "linearGradient",
  "radialGradient",
  "stop",
  "pattern",
  "clipPath",
  "mask",
  "marker",
  "filter",
  "feBlend",
  "feColorMatrix",
  "feComponentTransfer",
  "feComposite",
  "feConvolveMatrix",
  "feDiffuseLighting",
  "feDisplacementMap",
  "feDistantLight",
  "feDropShadow",
  "feFlood",
  "feFuncA",
  "feFuncB",
  "feFuncG",
  "feFuncR",
  "feGaussianBlur",
  "feMerge",
  "feMergeNode",
  "feMorphology",
  "feOffset",
  "fePointLight",
  "feSpecularLighting",
  "feSpotLight",
  "feTile",
  "feTurbulence",
  "animate",
  "animateMotion",
  "animateTransform",
  "set",
  "mpath",
]);

/** Names for the elements a marketer's file is most likely to hold, when refused. */
const ELEMENT_NAMES: Record<string, string> = {
  script: "a <script> element",
  foreignObject: "embedded HTML (<foreignObject>)",
  a: "a link (<a>)",
  image: "a picture inside the picture (<image>)",
  feImage: "a picture inside the picture (<feImage>)",
  iframe: "an embedded page (<iframe>)",
};

/** Attributes without a namespace that only shape, place or paint, name or group. */
const ATTRIBUTES = new Set(
  // core and structure
  (
    "id class style lang tabindex role focusable version baseProfile x y width height viewBox preserveAspectRatio zoomAndPan " +
    "transform requiredExtensions requiredFeatures systemLanguage " +
    // geometry and text
    "d pathLength points cx cy r rx ry fx fy fr x1 y1 x2 y2 dx dy rotate textLength lengthAdjust startOffset method spacing side path " +
    // gradients, patterns, clip paths, masks and markers
    "gradientUnits gradientTransform spreadMethod offset patternUnits patternContentUnits patternTransform clipPathUnits " +
    "maskUnits maskContentUnits markerWidth markerHeight markerUnits refX refY orient " +
    // filters
    "filterUnits primitiveUnits in in2 result stdDeviation mode type values tableValues slope intercept amplitude exponent " +
    "operator k1 k2 k3 k4 order kernelMatrix divisor bias targetX targetY edgeMode preserveAlpha surfaceScale diffuseConstant " +
    "specularConstant specularExponent kernelUnitLength scale xChannelSelector yChannelSelector radius baseFrequency numOctaves " +
    "seed stitchTiles azimuth elevation z pointsAtX pointsAtY pointsAtZ limitingConeAngle " +
    // animation (what it animates is checked on its own)
    "attributeName attributeType begin dur end min max restart repeatCount repeatDur calcMode keyTimes keySplines from to by " +
    "additive accumulate keyPoints " +
    // presentation
    "alignment-baseline baseline-shift clip clip-path clip-rule color color-interpolation color-interpolation-filters " +
    "color-profile color-rendering cursor direction display dominant-baseline enable-background fill fill-opacity fill-rule " +
    "filter flood-color flood-opacity font font-family font-size font-size-adjust font-stretch font-style font-variant " +
    "font-weight glyph-orientation-horizontal glyph-orientation-vertical image-rendering isolation kerning letter-spacing " +
    "lighting-color marker marker-end marker-mid marker-start mask mask-type mix-blend-mode opacity overflow paint-order " +
    "pointer-events shape-rendering stop-color stop-opacity stroke stroke-dasharray stroke-dashoffset stroke-linecap " +
    "stroke-linejoin stroke-miterlimit stroke-opacity stroke-width text-anchor text-decoration text-rendering " +
    "transform-origin unicode-bidi vector-effect visibility white-space word-spacing writing-mode"
  ).split(" "),
);

/** Encodings in which every byte below 0x80 is the ASCII character: the file reads the same to the browser and to this check. */
const ENCODINGS = new Set(["utf-8", "utf8", "us-ascii", "ascii", "iso-8859-1", "latin1", "windows-1252"]);

/** A reference to something in the same file: the only kind a picture may hold. */
const isLocalReference = (value: string) => /^#[^\s#]*$/.test(value.trim());

/**
 * What in a value of CSS (a style attribute, a <style> element, a presentation attribute)
 * would fetch from elsewhere. Comments are removed first, so a comment cannot hide a
 * function's name from this check; a backslash is refused outright, because a CSS escape
 * can spell any name (\75 rl is url) and no drawing needs one.
 */
function unsafeCss(css: string): string | undefined {
  // Most values (path data, numbers, colours) hold none of what follows: they are let through at once.
  if (!/[(@\\]/.test(css)) return undefined;
  // Checked with its comments removed (a comment cannot hide a name) and as written: a "/*" inside
  // a CSS string opens no comment, so what stripping would drop as one may be a rule the browser reads.
  for (const text of [css.replace(/\/\*[\s\S]*?(\*\/|$)/g, " "), css]) {
    const unsafe = unsafeCssText(text);
    if (unsafe) return unsafe;
  }
  return undefined;
}

function unsafeCssText(text: string): string | undefined {
  if (/@import/i.test(text)) return "a stylesheet import (@import)";
  if (text.includes("\\")) return "a backslash, which can spell an address in CSS or a network path";
  for (const match of text.matchAll(/(?<![-\w])([-\w]+)\s*\(([^)]*)\)?/g)) {
    const name = match[1]!.toLowerCase();
    if (name === "url") {
      if (!isLocalReference(match[2]!.trim().replace(/^(["'])(.*)\1$/s, "$2"))) return "a link to another address (url(...))";
    } else if (/^(-webkit-)?(image-set|image|cross-fade|element|src)$/.test(name)) return `a link to another address (${name}(...))`;
  }
  return undefined;
}

class Found extends Error {
  constructor(readonly finding: SvgFinding) {
    super(finding.what);
  }
}

/** The first thing in `text` that makes it more than plain drawing, or undefined when it is plain drawing. */
export function findUnsafeSvg(text: string): SvgFinding | undefined {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const refuse = (what: string): never => {
    throw new Found({ what, line: parser.line });
  };
  /** Inside <style>: its text is CSS, checked whole at its end. */
  let styleText: string | undefined;

  parser.on("xmldecl", (decl) => {
    if (decl.encoding && !ENCODINGS.has(decl.encoding.toLowerCase())) refuse(`a text encoding other than UTF-8 (${decl.encoding})`);
  });
  parser.on("doctype", (doctype) => {
    // Entities declared in the file can spell a script's name or an address out of harmless pieces.
    if (doctype.includes("[")) refuse("entity declarations (<!ENTITY> in the <!DOCTYPE>)");
  });
  parser.on("processinginstruction", ({ target }) => refuse(`a processing instruction (<?${target}?>), which can load a stylesheet`));
  parser.on("opentag", (tag) => {
    // A style holds text only: an element inside one would end the check of the text around it.
    if (styleText !== undefined) refuse(`an element <${tag.name}> inside a <style> element`);
    checkElement(tag, refuse);
    if (tag.uri === SVG && tag.local === "style") styleText = "";
  });
  const styleContent = (content: string) => {
    if (styleText !== undefined) styleText += content;
  };
  parser.on("text", styleContent);
  parser.on("cdata", styleContent);
  parser.on("closetag", (tag) => {
    if (tag.uri === SVG && tag.local === "style" && styleText !== undefined) {
      const unsafe = unsafeCss(styleText);
      styleText = undefined;
      if (unsafe) refuse(`${unsafe} in a <style> element`);
    }
  });

  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof Found) return error.finding;
    // saxes starts its message with "line:column: "; the line is given on its own.
    const message = (error as Error).message.replace(/^(?:[^:\n]*:)?\d+:\d+: /, "");
    return { what: message.replace(/\.$/, ""), line: parser.line, malformed: true };
  }
  return undefined;
}

function checkElement(tag: SaxesTagNS, refuse: (what: string) => never) {
  const inEditorNamespace = EDITOR_NAMESPACES.has(tag.uri);
  if (tag.uri === SVG) {
    if (!ELEMENTS.has(tag.local)) refuse(ELEMENT_NAMES[tag.local] ?? `a <${tag.name}> element, which is not plain drawing`);
  } else if (!inEditorNamespace) {
    refuse(
      tag.uri === "http://www.w3.org/1999/xhtml"
        ? `HTML (<${tag.name}>)`
        : `a <${tag.name}> element that is not SVG${tag.uri ? ` (namespace ${tag.uri})` : " (no namespace)"}`,
    );
  }
  for (const attribute of Object.values(tag.attributes)) checkAttribute(tag, attribute, inEditorNamespace, refuse);
  if (/^(set|animate|animateTransform|animateMotion)$/.test(tag.local) && tag.uri === SVG) {
    const target = (tag.attributes.attributeName?.value ?? "").trim().replace(/^[^:]*:/, "");
    if (target === "href" || /^on/i.test(target) || target === "style")
      refuse(
        `an animation that changes ${target === "href" ? "a link" : `the ${target} attribute`} (<${tag.name} attributeName="${tag.attributes.attributeName!.value}">)`,
      );
  }
}

function checkAttribute(tag: SaxesTagNS, attribute: SaxesAttributeNS, inEditorNamespace: boolean, refuse: (what: string) => never) {
  const { uri, local, name, value } = attribute;
  if (uri === XMLNS) return;
  // Inkscape's export-filename and the like name paths on the author's machine: a browser never reads them.
  if (EDITOR_NAMESPACES.has(uri)) return;
  if (!uri && /^on/i.test(local)) refuse(`an event handler (${name}), which runs script`);
  if ((uri === XLINK || (!uri && !inEditorNamespace)) && local === "href") {
    if (/^\s*(javascript|vbscript|data):/i.test(value)) refuse(`a ${value.trim().split(":")[0]!.toLowerCase()}: address (${name})`);
    if (!isLocalReference(value)) refuse(`a link to another address (${name}="${value.length > 60 ? `${value.slice(0, 57)}...` : value}")`);
    return;
  }
  if (inEditorNamespace) {
    // An editor's own element (Inkscape's page settings, the RDF licence) is never rendered: its plain attributes are inert.
    return;
  }
  const known =
    uri === XLINK
      ? local === "title"
      : uri === XML
        ? local === "space" || local === "lang"
        : !uri && (ATTRIBUTES.has(local) || /^(data|aria)-[\w.-]*$/.test(local));
  if (!known) refuse(`an attribute ${name} on <${tag.name}>, which is not plain drawing`);
  const unsafe = unsafeCss(value);
  if (unsafe) refuse(`${unsafe} in the ${name} attribute of <${tag.name}>`);
}
