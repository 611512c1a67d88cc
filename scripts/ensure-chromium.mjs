/**
 * Makes sure the browser tests have their browser. CHROME_PATH wins; otherwise Debian's
 * chromium-headless-shell (the headless build the visual baselines are recorded in, and the
 * cheapest to run), installed with apt when running as root. Without root, a full Chromium
 * already installed is used instead, with a note that screenshots may differ from the baselines.
 * Also the fonts the pages' fallback face is measured against (fonts-liberation), whichever
 * browser runs.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const LIBERATION_SANS = "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf";
const FULL_BROWSERS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");

function aptInstall(name, purpose) {
  console.log(`Installing Debian's ${name} package ${purpose}...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () => execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", name], { stdio: "inherit", env });
  try {
    install();
  } catch {
    // The package lists may be missing or old on a fresh machine.
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    install();
  }
}

if (!process.env.CHROME_PATH && !existsSync(HEADLESS_SHELL) && canInstall) aptInstall("chromium-headless-shell", "for the browser tests");

// The pages' fallback face ('Inter Fallback', src/ui/fonts.ts) is Arial under metrics that match
// Inter, so a typeface arriving late moves nothing. A machine without Arial or its metric twin
// Liberation Sans draws that face in another font, and the layout test measures shifts a visitor
// would not see.
if (!existsSync(LIBERATION_SANS) && canInstall) aptInstall("fonts-liberation", "so the pages' fallback face has its metrics");
if (!existsSync(LIBERATION_SANS)) {
  console.log(`${LIBERATION_SANS} is missing (Debian: sudo apt-get install -y fonts-liberation): the layout test may measure shifts from the fallback face.`);
}

if (process.env.CHROME_PATH) {
  if (!existsSync(process.env.CHROME_PATH)) {
    console.error(`CHROME_PATH is set to ${process.env.CHROME_PATH}, which does not exist: point it at a Chromium or Chrome binary.`);
    process.exit(1);
  }
  console.log(`Browser tests use ${process.env.CHROME_PATH}`);
  process.exit(0);
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
