/**
 * Makes sure a Chromium is available for the browser tests. CHROME_PATH wins;
 * otherwise Debian's chromium is used, installed with apt when running as root.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

function found() {
  if (process.env.CHROME_PATH) return existsSync(process.env.CHROME_PATH) ? process.env.CHROME_PATH : undefined;
  return CANDIDATES.find((path) => existsSync(path));
}

let browser = found();
if (!browser && process.env.CHROME_PATH) {
  console.error(`CHROME_PATH is set to ${process.env.CHROME_PATH}, which does not exist: point it at a Chromium or Chrome binary.`);
  process.exit(1);
}
if (!browser) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (!isRoot || !hasApt) {
    console.error("Chromium not found: install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROME_PATH to a Chromium or Chrome binary.");
    process.exit(1);
  }
  console.log("Chromium not found: installing Debian's chromium package...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"], { stdio: "inherit", env });
  browser = found();
  if (!browser) {
    console.error("apt-get installed chromium, but no binary was found at " + CANDIDATES.join(", ") + ": set CHROME_PATH.");
    process.exit(1);
  }
}
console.log(`Browser tests use ${browser}`);
