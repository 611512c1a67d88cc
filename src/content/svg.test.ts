// @vitest-environment node
/**
 * An SVG is let in only as plain drawing: each way a file can run script, fetch from
 * elsewhere or carry HTML when opened on its own is refused, and what drawing tools
 * really export passes.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findUnsafeSvg } from "./svg.ts";

const svg = (body: string, attributes = "") => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attributes}>${body}</svg>`;

describe("refused", () => {
  it.each([
    // Each of these passed the earlier check on the text.
    ["a script in the SVG namespace under another prefix", svg('<x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script>'), /<script> element/],
    ["an address spelled with a character reference", svg('<use href="&#x6a;avascript:alert(1)"/>'), /javascript: address/],
    ["a stylesheet import", svg("<style>@import url(https://evil.example/x.css); rect { fill: red }</style><rect/>"), /@import/],
    ["a network path", svg('<use href="\\\\host/x.png"/>'), /link to another address/],
    ["an import after a style nested in a style", svg("<style><style>a{}</style>@import url(https://evil.example/x.css);</style>"), /<style> inside a <style>/],
    [
      "a rule hidden between two CSS strings that look like a comment",
      svg('<style>svg{font-family:"/*"}svg{background-image:url(https://evil.example/b)}svg{font-family:"*/"}</style>'),
      /url\(\.\.\.\)/,
    ],
    ["the same in a style attribute", svg(`<rect style='font-family:"/*";background-image:url(https://evil.example/b);font-family:"*/"'/>`), /url\(\.\.\.\)/],
    // The classics.
    ["a script", svg("<script>alert(1)</script>"), /<script> element/],
    ["a script in CDATA", svg("<script><![CDATA[alert(1)]]></script>"), /<script> element/],
    ["an HTML script", svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'), /HTML \(<h:script>\)/],
    ["an HTML script inside metadata", svg('<metadata><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></metadata>'), /HTML/],
    [
      "an HTML script inside an editor's element",
      svg('<i:pgf xmlns:i="http://ns.adobe.com/AdobeIllustrator/10.0/"><script>alert(1)</script></i:pgf>'),
      /<script>/,
    ],
    ["xlink:href to javascript", svg('<a xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="javascript:alert(1)"><rect/></a>'), /link \(<a>\)/],
    [
      "xlink:href on use to javascript",
      svg('<use xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="javascript:alert(1)"/>'),
      /javascript: address \(xlink:href\)/,
    ],
    ["a use of another site's file", svg('<use href="https://evil.example/sprite.svg#icon"/>'), /link to another address \(href="https:\/\/evil/],
    ["a gradient borrowed from another file", svg('<linearGradient id="g" href="other.svg#g"/>'), /link to another address/],
    ["a link", svg('<a href="https://example.com"><rect width="10" height="10"/></a>'), /link \(<a>\)/],
    ["a background from another site in a style attribute", svg('<rect style="background:url(http://evil.example/x.png)"/>'), /url\(\.\.\.\).*style attribute/],
    ["a fill from another site", svg('<rect fill="url(https://evil.example/p.svg#p)"/>'), /link to another address/],
    ["a quoted url in a style sheet", svg('<style>rect { fill: url("https://evil.example/p.svg#p") }</style><rect/>'), /url\(\.\.\.\).*<style>/],
    ["a url spelled with a CSS escape", svg("<style>rect { fill: \\75 rl(https://evil.example/p) }</style><rect/>"), /backslash/],
    ["a url hidden by a comment", svg("<style>rect { fill: url(/**/https://evil.example/p) }</style><rect/>"), /url/],
    ["an image-set", svg("<style>rect { fill: image-set('https://evil.example/p.png' 1x) }</style><rect/>"), /image-set/],
    ["an entity declaration", `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY js "javascript:alert(1)">]>${svg('<use href="&js;"/>')}`, /<!ENTITY>/],
    ["embedded HTML", svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">Hi</div></foreignObject>'), /foreignObject/],
    ["an event handler", svg("", ' onload="alert(1)"'), /event handler \(onload\)/],
    ["an event handler on a shape, any case", svg('<rect onMouseOver="alert(1)"/>'), /event handler \(onMouseOver\)/],
    ["an animation that sets a link", svg('<a><set attributeName="href" to="javascript:alert(1)"/></a>'), /link \(<a>\)/],
    [
      "an animation that sets a use's link",
      svg('<use href="#a"><set attributeName="xlink:href" to="https://evil.example/x.svg#a"/></use>'),
      /animation that changes a link/,
    ],
    [
      "an animation that sets an event handler",
      svg('<rect><animate attributeName="onclick" to="alert(1)"/></rect>'),
      /animation that changes the onclick attribute/,
    ],
    ["an embedded picture", svg('<image href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="/>'), /<image>/],
    ["an element in no namespace", '<svg viewBox="0 0 10 10"><rect/></svg>', /not SVG \(no namespace\)/],
    ["an element in another namespace", svg('<m:math xmlns:m="http://www.w3.org/1998/Math/MathML"/>'), /<m:math> element that is not SVG/],
    ["an unknown attribute", svg('<rect xml:base="https://evil.example/"/>'), /attribute xml:base/],
    [
      "a stylesheet processing instruction",
      `<?xml-stylesheet href="https://evil.example/x.css"?>${svg("<rect/>")}`,
      /processing instruction \(<\?xml-stylesheet\?>\)/,
    ],
    ["a multi-byte legacy encoding", `<?xml version="1.0" encoding="Shift_JIS"?>${svg("<rect/>")}`, /encoding other than UTF-8 \(Shift_JIS\)/],
  ])("%s", (_name, text, what) => {
    const finding = findUnsafeSvg(text);
    expect(finding?.what).toMatch(what);
    expect(finding?.malformed).toBeUndefined();
  });

  it("says on which line of the file it found it", () => {
    expect(findUnsafeSvg(`<svg xmlns="http://www.w3.org/2000/svg">\n  <rect/>\n  <script>alert(1)</script>\n</svg>`)).toMatchObject({ line: 3 });
  });

  it("refuses a file that is not well-formed XML as such", () => {
    expect(findUnsafeSvg(svg("<rect>"))).toMatchObject({ malformed: true, what: "unexpected close tag" });
    // An entity no declaration defines (the file declares none it may keep).
    expect(findUnsafeSvg(svg("<title>&nbsp;</title>"))).toMatchObject({ malformed: true, what: expect.stringContaining("undefined entity") });
  });
});

describe("let in", () => {
  it("shapes, paint, gradients, clip paths, masks, patterns, markers, filters, text and local references", () => {
    const drawing = svg(
      `<title>Logo</title><desc>The firm's mark</desc>
      <defs>
        <linearGradient id="g" x1="0" x2="1" gradientUnits="objectBoundingBox"><stop offset="0" stop-color="#123"/><stop offset="1" stop-color="#456" stop-opacity=".5"/></linearGradient>
        <radialGradient id="r" href="#g" cx=".5" cy=".5" r=".5"/>
        <clipPath id="c" clipPathUnits="userSpaceOnUse"><circle cx="5" cy="5" r="4"/></clipPath>
        <mask id="m"><rect width="10" height="10" fill="white"/></mask>
        <pattern id="p" width="2" height="2" patternUnits="userSpaceOnUse"><path d="M0 0h1v1H0z"/></pattern>
        <marker id="arrow" markerWidth="4" markerHeight="4" refX="2" refY="2" orient="auto"><path d="M0 0L4 2L0 4z"/></marker>
        <filter id="f" x="-10%" y="-10%" width="120%" height="120%" color-interpolation-filters="sRGB"><feGaussianBlur in="SourceAlpha" stdDeviation="1" result="b"/><feOffset dx="1" dy="1"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>
        <symbol id="s" viewBox="0 0 2 2"><rect width="2" height="2"/></symbol>
        <style><![CDATA[ .a { fill: url(#g); stroke: url( '#p' ) } /* a comment */ ]]></style>
      </defs>
      <g class="a" transform="translate(1 1) rotate(45)" clip-path="url(#c)" mask="url(#m)" filter="url(#f)" data-name="Layer 1">
        <rect x="1" y="1" width="8" height="8" rx="1" fill="url(#r)" style="stroke:#000;stroke-width:.5;fill-opacity:.8"/>
        <line x1="0" y1="0" x2="10" y2="10" stroke="url(#p)" marker-end="url(#arrow)"/>
        <polyline points="0,0 1,1 2,0"/><polygon points="0,0 1,1 2,0"/><ellipse cx="5" cy="5" rx="2" ry="1"/>
        <use href="#s" x="1" y="1"/>
        <text x="1" y="9" font-family="'Helvetica Neue', Arial, sans-serif" font-size="2">Northbridge <tspan font-weight="bold">Tax</tspan></text>
        <animateTransform attributeName="transform" type="rotate" from="0 5 5" to="360 5 5" dur="10s" repeatCount="indefinite"/>
      </g>`,
      ' width="100" height="100" aria-labelledby="t" role="img"',
    );
    expect(findUnsafeSvg(drawing)).toBeUndefined();
  });

  it("an Inkscape file, with its editor's settings and its licence block", () => {
    const inkscape = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->

<svg
   width="210mm"
   height="297mm"
   viewBox="0 0 210 297"
   version="1.1"
   id="svg5"
   inkscape:version="1.2.2 (b0a8486541, 2022-12-01)"
   sodipodi:docname="logo.svg"
   inkscape:export-filename="/home/ana/Desktop/logo.png"
   inkscape:export-xdpi="96"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns:xlink="http://www.w3.org/1999/xlink"
   xmlns="http://www.w3.org/2000/svg"
   xmlns:svg="http://www.w3.org/2000/svg"
   xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
   xmlns:cc="http://creativecommons.org/ns#"
   xmlns:dc="http://purl.org/dc/elements/1.1/">
  <sodipodi:namedview
     id="namedview7"
     pagecolor="#ffffff"
     bordercolor="#666666"
     borderopacity="1.0"
     inkscape:showpageshadow="2"
     inkscape:pageopacity="0.0"
     inkscape:document-units="mm"
     showgrid="false"
     inkscape:zoom="0.74"
     inkscape:current-layer="layer1">
    <inkscape:grid type="xygrid" id="grid1" />
    <inkscape:page x="0" y="0" width="210" height="297" id="page1" />
  </sodipodi:namedview>
  <defs
     id="defs2">
    <linearGradient
       inkscape:collect="always"
       id="linearGradient1">
      <stop
         style="stop-color:#1a3b5d;stop-opacity:1;"
         offset="0"
         id="stop1" />
    </linearGradient>
    <linearGradient
       inkscape:collect="always"
       xlink:href="#linearGradient1"
       id="linearGradient2"
       x1="10"
       y1="10"
       x2="100"
       y2="100"
       gradientUnits="userSpaceOnUse" />
  </defs>
  <metadata
     id="metadata5">
    <rdf:RDF>
      <cc:Work
         rdf:about="">
        <dc:format>image/svg+xml</dc:format>
        <dc:type
           rdf:resource="http://purl.org/dc/dcmitype/StillImage" />
        <cc:license
           rdf:resource="http://creativecommons.org/licenses/by-sa/4.0/" />
      </cc:Work>
    </rdf:RDF>
  </metadata>
  <g
     inkscape:label="Layer 1"
     inkscape:groupmode="layer"
     id="layer1">
    <path
       sodipodi:type="star"
       style="fill:url(#linearGradient2);fill-opacity:1;stroke:#000000;stroke-width:0.264583;-inkscape-stroke:none;font-variation-settings:normal"
       id="path1"
       inkscape:flatsided="false"
       sodipodi:sides="5"
       sodipodi:cx="50"
       d="m 50,10 10,30 h 30 l -25,20 10,30 -25,-20 -25,20 10,-30 -25,-20 h 30 z"
       inkscape:transform-center-x="1.2" />
    <text
       xml:space="preserve"
       style="font-size:10.5833px;line-height:1.25;font-family:sans-serif;stroke-width:0.264583"
       x="20"
       y="150"
       id="text1"><tspan
         sodipodi:role="line"
         id="tspan1"
         x="20"
         y="150">Northbridge</tspan></text>
  </g>
</svg>
`;
    expect(findUnsafeSvg(inkscape)).toBeUndefined();
  });

  it("an Illustrator export, with its generator comment, DTD, layer name and style sheet", () => {
    const illustrator = `<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 27.5.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg version="1.1" id="Layer_1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" x="0px" y="0px"
\t viewBox="0 0 200 60" style="enable-background:new 0 0 200 60;" xml:space="preserve">
<style type="text/css">
\t.st0{fill:#1A3B5D;}
\t.st1{fill:url(#SVGID_1_);}
\t.st2{clip-path:url(#SVGID_00000011711345421925716640000014400497005612370154_);}
</style>
<g id="Wordmark" data-name="Wordmark">
\t<linearGradient id="SVGID_1_" gradientUnits="userSpaceOnUse" x1="0" y1="30" x2="200" y2="30">
\t\t<stop  offset="0" style="stop-color:#1A3B5D"/>
\t\t<stop  offset="1" style="stop-color:#3C6E9F"/>
\t</linearGradient>
\t<defs><rect id="SVGID_00000091711421_" width="200" height="60"/></defs>
\t<clipPath id="SVGID_00000011711345421925716640000014400497005612370154_">
\t\t<use xlink:href="#SVGID_00000091711421_"  style="overflow:visible;"/>
\t</clipPath>
\t<path class="st0" d="M10.2,45.1V14.9h4.3l13.1,21.6V14.9h4.1v30.2h-4.3L14.3,23.5v21.6H10.2z"/>
\t<rect x="40" y="14.9" class="st1" width="150" height="30.2"/>
\t<g class="st2"><polygon class="st0" points="0,0 10,0 5,8 "/></g>
</g>
</svg>
`;
    expect(findUnsafeSvg(illustrator)).toBeUndefined();
  });

  it("every SVG the site and its test fixtures ship", () => {
    const found: string[] = [];
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith(".svg") ? [join(dir, entry.name)] : [],
      );
    const files = ["content/images", "public", "tests/fixtures"].flatMap(walk);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const finding = findUnsafeSvg(readFileSync(file, "utf8"));
      if (finding) found.push(`${file}: ${finding.what}`);
    }
    expect(found).toEqual([]);
  });
});
