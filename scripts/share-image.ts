/**
 * Draws the default share image (public/images/share.png, 1200 × 630) from the
 * brand in content/site.yaml: run it again after changing the name or tagline.
 * Usage: npm run share-image
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { escapeHtml } from "../src/render/head.ts";
import { imagePath } from "../src/content/images.ts";
import { loadContent } from "../src/site/load.ts";
import { launchChromium } from "../tests/support/chromium.ts";

const root = process.cwd();
const { content } = loadContent(root);
if (!content) throw new Error("The content has errors: run npm run validate.");
const { brand, footer, share } = content.site;
const logoFile = brand.logo && imagePath({ content: root, project: root }, brand.logo.src.src);
const logo = logoFile?.endsWith(".svg") ? readFileSync(logoFile, "utf8") : "";

const html = `<!doctype html><html><body style="margin:0">
<div style="box-sizing:border-box;width:1200px;height:630px;padding:88px 96px;background:#0d1d38;color:#fff;font-family:ui-sans-serif,system-ui,sans-serif;display:flex;flex-direction:column;justify-content:space-between">
  <div style="display:flex;align-items:center;gap:28px"><div style="width:96px;height:96px">${logo.replace("<svg", '<svg width="96" height="96"')}</div>
  <div style="font-size:44px;font-weight:700">${escapeHtml(brand.name)}</div></div>
  <div style="font-size:58px;font-weight:800;line-height:1.15;max-width:980px">${escapeHtml(footer.tagline)}</div>
  <div style="height:10px;width:220px;background:#e8ab35;border-radius:5px"></div>
</div></body></html>`;

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(html);
  await page.screenshot({ path: join(root, "public", share.image) });
  console.log(`wrote public${share.image}`);
} finally {
  await browser.close();
}
