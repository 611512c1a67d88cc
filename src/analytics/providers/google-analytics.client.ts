/**
 * Google Analytics 4 in the browser, after the visitor accepts. Consent Mode v2: every
 * signal is denied before any tag; Accept grants analytics storage (never ads), and only
 * then is gtag.js requested. Withdrawing consent denies it again and deletes its cookies.
 */
import type { SenderFactory } from "../config.ts";

interface Settings {
  measurementId: string;
  scriptSrc: string;
  serverContainerUrl?: string;
}

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export const createSender: SenderFactory = (raw) => {
  const settings = raw as unknown as Settings;
  window.dataLayer ??= [];
  // gtag.js reads the arguments object itself, as Google's snippet pushes it.
  const gtag: Gtag = function () {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag = gtag;
  gtag("consent", "default", { ad_storage: "denied", analytics_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" });
  let granted = false;
  let loaded = false;
  return {
    start() {
      if (granted) return;
      granted = true;
      gtag("consent", "update", { analytics_storage: "granted" });
      if (loaded) return;
      loaded = true;
      gtag("js", new Date());
      gtag("config", settings.measurementId, settings.serverContainerUrl ? { server_container_url: settings.serverContainerUrl } : {});
      const script = document.createElement("script");
      script.async = true;
      script.src = `${settings.scriptSrc}?id=${encodeURIComponent(settings.measurementId)}`;
      // A blocked or unreachable tag changes nothing on the page.
      script.onerror = () => script.remove();
      document.head.append(script);
    },
    track(name, props) {
      // GA4 event names take letters, digits and underscores.
      if (granted) gtag("event", name.replaceAll("-", "_"), props);
    },
    stop() {
      granted = false;
      gtag("consent", "update", { analytics_storage: "denied" });
      for (const cookie of document.cookie.split(";")) {
        const name = cookie.split("=")[0]!.trim();
        if (!/^_ga(_|$)|^_gid$|^_gat/.test(name)) continue;
        for (const domain of domainsOf(location.hostname)) document.cookie = `${name}=; Max-Age=0; path=/${domain ? `; domain=${domain}` : ""}`;
      }
    },
  };
};

/** GA sets its cookies on the widest domain it can: try every parent. */
function domainsOf(hostname: string): string[] {
  const parts = hostname.split(".");
  return ["", ...parts.slice(0, -1).map((_, index) => `.${parts.slice(index).join(".")}`)];
}
