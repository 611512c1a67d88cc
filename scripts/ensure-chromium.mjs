/**
 * Makes sure the browser tests have their browser. CHROME_PATH wins; otherwise Debian's
 * chromium-headless-shell (the headless build the visual baselines are recorded in, and the
 * cheapest to run), installed with apt when running as root. Without root, a full Chromium
 * already installed is used instead, with a note that screenshots may differ from the baselines.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL_BROWSERS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

if (process.env.CHROME_PATH) {
  if (!existsSync(process.env.CHROME_PATH)) {
    console.error(`CHROME_PATH is set to ${process.env.CHROME_PATH}, which does not exist: point it at a Chromium or Chrome binary.`);
    process.exit(1);
  }
  console.log(`Browser tests use ${process.env.CHROME_PATH}`);
  process.exit(0);
}

if (!existsSync(HEADLESS_SHELL) && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
  console.log("Installing Debian's chromium-headless-shell package for the browser tests...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  try {
    execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium-headless-shell"], { stdio: "inherit", env });
  } catch {
    // The package lists may be missing or old on a fresh machine.
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium-headless-shell"], { stdio: "inherit", env });
  }
}

if (existsSync(HEADLESS_SHELL)) {
  console.log(`Browser tests use ${HEADLESS_SHELL}`);
} else {
  const full = FULL_BROWSERS.find((path) => existsSync(path));
  if (!full) {
    console.error(
      "Chromium not found: install it (Debian/Ubuntu: sudo apt-get install -y chromium-headless-shell) or set CHROME_PATH to a Chromium or Chrome binary.",
    );
    process.exit(1);
  }
  console.log(
    `Browser tests use ${full}. The visual baselines are recorded in ${HEADLESS_SHELL} (sudo apt-get install -y chromium-headless-shell), whose text rendering differs slightly.`,
  );
}
