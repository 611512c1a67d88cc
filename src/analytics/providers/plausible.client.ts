/** Plausible in the browser: the official tracker, sending page views and events; nothing stored. */
import { init, track } from "@plausible-analytics/tracker";
import type { SenderFactory } from "../config.ts";

interface Settings {
  domain: string;
  endpoint: string;
  captureOnLocalhost: boolean;
}

export const createSender: SenderFactory = (raw) => {
  const settings = raw as unknown as Settings;
  let started = false;
  return {
    start() {
      if (started) return;
      started = true;
      // The site records its own clicks, forms and outbound links (start.ts), named as its content says.
      init({
        ...settings,
        autoCapturePageviews: true,
        outboundLinks: false,
        fileDownloads: false,
        formSubmissions: false,
        logging: false,
        bindToWindow: false,
      });
    },
    track(name, props) {
      if (started) track(name, { props, callback: () => undefined });
    },
  };
};
