/**
 * Draws the placeholder firm's pictures into content/images/: the founder's
 * portrait, hero illustrations, a photo-like avatar per testimonial, a logo per
 * press outlet and video thumbnails. They are drawings made here, in the brand's
 * colours, meant to be replaced by the firm's own (CONTENT.md, "Images and video").
 * Usage: npm run placeholder-images   (writes only files that do not exist yet; run it in a
 * fixture site's folder to draw that site's)
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import opentype from "opentype.js";
import sharp from "sharp";
import { parse } from "yaml";
import { readFileSync } from "node:fs";

const root = process.cwd();
const out = (name: string) => join(root, "content", "images", name);
const NAVY = ["#0d1d38", "#16305c", "#1f447f", "#3b5f9c"] as const;
const GOLD = ["#e8ab35", "#f3c86a", "#fbe3ad"] as const;
const SKIN = ["#f1c9a5", "#d9a47c", "#a8704a", "#7a4a2e", "#e8b894"];
const HAIR = ["#2b1d14", "#4a3122", "#1b1b1b", "#7a5230", "#c9a36b"];

const seed = (text: string) => [...text].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);
const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function write(name: string, content: string | Buffer) {
  const path = out(name);
  if (existsSync(path)) return;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  console.log(`wrote content/images/${name}`);
}

/** A person from the shoulders up, in flat shapes: the same drawing for the portrait and the avatars. */
function person(n: number, width: number, height: number, background: string) {
  const skin = pick(SKIN, n);
  const hair = pick(HAIR, n >>> 3);
  const shirt = pick([...NAVY, "#2f6f6a", "#6b3f73"], n >>> 5);
  const cx = width / 2;
  const head = width * 0.19;
  const headY = height * 0.42;
  const longHair = (n >>> 7) % 2 === 0;
  return `<rect width="${width}" height="${height}" fill="${background}"/>
  <circle cx="${width * 0.82}" cy="${height * 0.16}" r="${width * 0.28}" fill="#ffffff" opacity="0.12"/>
  <path d="M${cx - width * 0.42} ${height} C${cx - width * 0.4} ${height * 0.7} ${cx - width * 0.2} ${height * 0.64} ${cx} ${height * 0.64} C${cx + width * 0.2} ${height * 0.64} ${cx + width * 0.4} ${height * 0.7} ${cx + width * 0.42} ${height} Z" fill="${shirt}"/>
  <rect x="${cx - head * 0.32}" y="${headY + head * 0.7}" width="${head * 0.64}" height="${head * 0.7}" rx="${head * 0.2}" fill="${skin}"/>
  ${longHair ? `<ellipse cx="${cx}" cy="${headY + head * 0.35}" rx="${head * 1.18}" ry="${head * 1.35}" fill="${hair}"/>` : ""}
  <ellipse cx="${cx}" cy="${headY}" rx="${head * 0.92}" ry="${head * 1.08}" fill="${skin}"/>
  <path d="M${cx - head * 0.95} ${headY - head * 0.1} C${cx - head} ${headY - head * 1.3} ${cx + head} ${headY - head * 1.3} ${cx + head * 0.95} ${headY - head * 0.1} C${cx + head * 0.5} ${headY - head * 0.75} ${cx - head * 0.5} ${headY - head * 0.75} ${cx - head * 0.95} ${headY - head * 0.1} Z" fill="${hair}"/>`;
}

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>\n`;

/** A raster from a drawing, with a little grain so it behaves like a photo in the image pipeline. */
async function photo(name: string, width: number, height: number, body: string, renderWidth = width) {
  if (existsSync(out(name))) return;
  const drawing = await sharp(Buffer.from(svg(width, height, body)), { density: (72 * renderWidth) / width })
    .resize(renderWidth)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = drawing;
  let state = seed(name);
  for (let i = 0; i < data.length; i += info.channels) {
    state = (state * 1103515245 + 12345) >>> 0;
    const grain = ((state >>> 16) % 13) - 6;
    for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, data[i + c]! + grain));
  }
  write(name, await sharp(data, { raw: info }).jpeg({ quality: 90 }).toBuffer());
}

// The founder, upright 4:5.
await photo("founder.jpg", 1600, 2000, person((seed("founder") | 0x80) >>> 0, 1600, 2000, NAVY[1]));

// Heroes: a desk with a report and a chart (advisory), a laptop with a lesson (course).
// Its ground is lighter than the brand sections it sits on, and its circle stays inside the frame,
// so the picture reads as a panel rather than a patch of the section cut off at its edges.
const desk = (accent: string) => `<rect width="1600" height="1200" fill="${NAVY[1]}"/>
  <circle cx="1250" cy="330" r="250" fill="${NAVY[2]}" opacity="0.6"/>
  <rect x="180" y="260" width="900" height="640" rx="36" fill="#ffffff"/>
  <rect x="240" y="330" width="420" height="34" rx="17" fill="${NAVY[1]}"/>
  <rect x="240" y="390" width="300" height="22" rx="11" fill="#c9d3e6"/>
  ${[0, 1, 2, 3, 4].map((i) => `<rect x="${260 + i * 150}" y="${820 - (120 + ((i * 97) % 260))}" width="96" height="${120 + ((i * 97) % 260)}" rx="14" fill="${i === 4 ? accent : NAVY[2]}"/>`).join("")}
  <rect x="240" y="820" width="780" height="6" rx="3" fill="#c9d3e6"/>
  <rect x="980" y="560" width="460" height="420" rx="32" fill="${GOLD[2]}"/>
  <circle cx="1210" cy="720" r="120" fill="none" stroke="${NAVY[1]}" stroke-width="44" stroke-dasharray="520 760"/>
  <circle cx="1210" cy="720" r="120" fill="none" stroke="${accent}" stroke-width="44" stroke-dasharray="230 760" stroke-dashoffset="-520"/>
  <rect x="1060" y="890" width="300" height="22" rx="11" fill="${NAVY[1]}" opacity="0.6"/>`;
await photo("hero-advisory.jpg", 1600, 1200, desk(GOLD[0]), 1920);
await photo(
  "hero-course.jpg",
  1600,
  1200,
  `<rect width="1600" height="1200" fill="${NAVY[1]}"/>
  <circle cx="260" cy="1000" r="380" fill="${NAVY[2]}" opacity="0.6"/>
  <rect x="260" y="200" width="1080" height="680" rx="40" fill="#0b1730"/>
  <rect x="300" y="240" width="1000" height="600" rx="16" fill="#f7f9fc"/>
  <rect x="340" y="290" width="560" height="330" rx="18" fill="${NAVY[2]}"/>
  <polygon points="580,380 580,530 700,455" fill="${GOLD[0]}"/>
  ${[0, 1, 2, 3].map((i) => `<rect x="940" y="${300 + i * 80}" width="320" height="48" rx="12" fill="${i === 0 ? GOLD[1] : "#dfe6f2"}"/>`).join("")}
  <rect x="340" y="660" width="920" height="16" rx="8" fill="#dfe6f2"/><rect x="340" y="660" width="520" height="16" rx="8" fill="${GOLD[0]}"/>
  <path d="M160 880 H1440 L1360 960 H240 Z" fill="#c7d0e0"/>`,
  1920,
);

// Testimonials: a photo-like avatar per person.
const testimonials = parse(readFileSync(join(root, "content", "testimonials.yaml"), "utf8")) as { items: { name: string }[] };
for (const { name } of testimonials.items) {
  const n = seed(name);
  write(`people/${slug(name)}.svg`, svg(240, 240, person(n, 240, 240, pick(["#dfe6f2", "#fbe3ad", "#d6ebe7", "#efdcef", "#e3e8f0"], n >>> 2))));
}

// Press: a wordmark per outlet, with a simple mark of its own; the outlet's own logo replaces it.
// The box fits the letters closely, so the letters fill the height the page gives the logo. The
// letters are outlines, as in a real logo file: live text in an SVG picture is laid out and
// shaped again in each picture on each page, which costs a page of logos more than its layout.
const press = parse(readFileSync(join(root, "content", "press.yaml"), "utf8")) as { items: { name: string }[] };
const fonts = { serif: wordmarkFont("DejaVuSerif-Bold.ttf"), sans: wordmarkFont("DejaVuSans-Bold.ttf") };
for (const { name } of press.items) {
  const n = seed(name);
  const serif = n % 2 === 0;
  // A long name is stacked on two lines, as outlets with long names stack their own logos: on one
  // line its letters would come out tiny wherever the logo has a narrow column.
  const lines = name.length > 18 ? twoLines(name) : [name];
  const widths = lines.map((line) => Math.round(line.length * (serif ? 15.5 : 15)));
  const width = Math.max(...widths) + 40;
  const height = 32 + (lines.length - 1) * 28;
  const mark = pick(
    [
      `<circle cx="14" cy="16" r="12" fill="${pick(NAVY, n)}"/>`,
      `<rect x="2" y="4" width="24" height="24" rx="5" fill="${pick(NAVY, n)}"/>`,
      `<polygon points="14,4 27,27 1,27" fill="${pick(NAVY, n)}"/>`,
    ],
    n >>> 4,
  );
  const font = serif ? fonts.serif : fonts.sans;
  const words = lines.map((line, i) => outlined(font, line, 36, 25 + i * 28, widths[i]!)).join("");
  write(`press/${slug(name)}.svg`, svg(width, height, `<g transform="translate(0 ${(height - 32) / 2})">${mark}</g>${words}`));
}

/** A name cut at the space nearest its middle. */
function twoLines(name: string): [string, string] {
  const spaces = [...name.matchAll(/ /g)].map((match) => match.index);
  const cut = spaces.reduce((best, at) => (Math.abs(at - name.length / 2) < Math.abs(best - name.length / 2) ? at : best), spaces[0] ?? name.length);
  return [name.slice(0, cut), name.slice(cut + 1)];
}

/** A bold face of the DejaVu family, which Debian and most Linux systems install (fonts-dejavu-core). */
function wordmarkFont(file: string): opentype.Font {
  const path = join("/usr/share/fonts/truetype/dejavu", file);
  if (!existsSync(path)) throw new Error(`The press wordmarks are drawn with ${path}, which is missing: install it (apt-get install fonts-dejavu-core).`);
  return opentype.loadSync(path);
}

/** A name as outlines, 24 px letters on a baseline at (x, y), stretched or squeezed to exactly `width`. */
function outlined(font: opentype.Font, text: string, x: number, y: number, width: number): string {
  const size = 24;
  const scale = width / font.getAdvanceWidth(text, size);
  let d = "";
  let last = "";
  for (const command of font.getPath(text, 0, 0, size).commands) {
    const point = (px: number, py: number) => `${+px.toFixed(1)} ${+py.toFixed(1)}`;
    if (command.type === "Z") d += "Z";
    else if (command.type === "Q") d += `Q${point(command.x1, command.y1)} ${(last = point(command.x, command.y))}`;
    else if (command.type === "C") d += `C${point(command.x1, command.y1)} ${point(command.x2, command.y2)} ${(last = point(command.x, command.y))}`;
    else if (command.type === "L" && point(command.x, command.y) === last) continue;
    else d += `${command.type}${(last = point(command.x, command.y))}`;
  }
  return `<path transform="translate(${x} ${y}) scale(${scale.toFixed(3)} 1)" fill="#0d1d38" d="${d}"/>`;
}

// Video thumbnails, 16:9: a frame from a lesson.
for (let i = 1; i <= 6; i++) {
  const accent = pick([GOLD[0], "#4fb3a9", "#c77dba", "#6fa0e8"], i);
  write(
    `videos/lesson-${i}.svg`,
    svg(
      1280,
      720,
      `<rect width="1280" height="720" fill="${pick(NAVY, i)}"/>
  <circle cx="${200 + ((i * 173) % 900)}" cy="${120 + ((i * 91) % 420)}" r="260" fill="${accent}" opacity="0.18"/>
  <rect x="120" y="140" width="620" height="440" rx="24" fill="#f7f9fc"/>
  ${[0, 1, 2, 3].map((row) => `<rect x="170" y="${200 + row * 90}" width="${460 - ((row * i * 37) % 180)}" height="36" rx="10" fill="${row === 0 ? accent : "#d4dced"}"/>`).join("")}
  <g transform="translate(800 200)">${person(seed(`video${i}`), 380, 520, "none")}</g>`,
    ),
  );
}

// Video posters, 16:9 and wide enough for the video block at twice its width: the course preview's
// presenter beside a slide with a chart (the play button and title are drawn by the page over it).
await photo(
  "videos/course-preview.jpg",
  1920,
  1080,
  `<rect width="1920" height="1080" fill="${NAVY[0]}"/>
  <circle cx="1500" cy="180" r="420" fill="${GOLD[0]}" opacity="0.14"/>
  <circle cx="260" cy="980" r="360" fill="${NAVY[3]}" opacity="0.35"/>
  <rect x="160" y="170" width="1000" height="640" rx="32" fill="#f7f9fc"/>
  <rect x="220" y="230" width="520" height="44" rx="12" fill="${GOLD[0]}"/>
  <rect x="220" y="300" width="380" height="28" rx="10" fill="#d4dced"/>
  ${[0, 1, 2, 3, 4].map((bar) => `<rect x="${260 + bar * 160}" y="${720 - (120 + bar * 70)}" width="100" height="${120 + bar * 70}" rx="10" fill="${bar === 4 ? GOLD[0] : NAVY[2]}"/>`).join("")}
  <rect x="220" y="730" width="880" height="6" rx="3" fill="#b8c3d8"/>
  <g transform="translate(1200 260)">${person(seed("course-preview"), 600, 820, "none")}</g>`,
);
