import { Button, VisuallyHidden, type ButtonProps } from "@chakra-ui/react";
import type { AnchorHTMLAttributes, ReactNode } from "react";
import { Icon } from "./Icon.tsx";
import { useSite } from "./site-context.ts";
import type { ActionData } from "../content/fields.ts";
import type { Link } from "../content/link.ts";
import { VIDEO_ATTRIBUTES } from "./video/video-dom.ts";
import { TARGET_ATTRIBUTE } from "../analytics/events.ts";
import { NOT_INDEXED_ATTRIBUTE } from "./search/search-dom.ts";

/** Web addresses open in a new tab; routes, anchors, mailto: and tel: stay in this one. */
export function opensNewTab(link: Link): boolean {
  return link.href.startsWith("https:");
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { link: Link; children: ReactNode };

/**
 * A link of any kind: a plain link for routes (every page is a prerendered
 * document the browser can prefetch), a new tab for external pages.
 */
export function AppLink({ link, children, ...rest }: AnchorProps) {
  // Analytics records clicks to named targets (booking, course) and carries a campaign's utm_ tags onto them.
  const { analytics } = useSite();
  if (analytics && link.kind === "target") Object.assign(rest, { [TARGET_ATTRIBUTE]: link.name });
  if (opensNewTab(link))
    return (
      <NewTabLink href={link.href} {...rest}>
        {children}
      </NewTabLink>
    );
  return (
    <a href={link.href} {...rest}>
      {children}
    </a>
  );
}

function NewTabLink({ href, children, ...rest }: Omit<AnchorProps, "link"> & { href: string }) {
  const { labels } = useSite();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <VisuallyHidden data-new-tab="" {...{ [NOT_INDEXED_ATTRIBUTE]: "" }}>
        {" "}
        {labels.newTab}
      </VisuallyHidden>
    </a>
  );
}

type ActionProps = ActionData & Omit<ButtonProps, "children" | "variant">;

const PRIMARY: ButtonProps = { colorPalette: "gold", variant: "solid" };
// Navy on light sections, white on navy ones, by the tone tokens.
const SECONDARY: ButtonProps = { variant: "outline", color: "fg.link", borderColor: "border.action", _hover: { bg: "bg.tint" } };
// A card's action: a text link with an arrow, as tall as a button to tap, reading as part of the card rather than a rival of the section's button.
const LINK: ButtonProps = {
  variant: "plain",
  color: "fg.link",
  px: "0",
  w: "auto",
  justifyContent: "flex-start",
  textDecoration: "underline",
  textDecorationThickness: "1px",
  textUnderlineOffset: "0.2em",
  _hover: { textDecorationThickness: "2px" },
  css: {
    "&::after": { content: '"→"', textDecoration: "none", display: "inline-block", ms: "1", transition: "transform 0.15s" },
    "&:hover::after": { transform: "translateX(2px)" },
  },
};
const LOOKS = { primary: PRIMARY, secondary: SECONDARY, link: LINK } as const;

/**
 * A call-to-action button: a link, or a video that plays in a window over the
 * page. Without JavaScript a video's button is a link to the video on its host
 * (a new tab); the page's video script makes it a button (src/ui/video/live.ts).
 * Validation refuses a button with neither, which would do nothing.
 */
export function ActionButton({ label, to, video, variant = "primary", icon, track, ...rest }: ActionProps) {
  const { labels } = useSite();
  // Full width on phones, so every call to action is an easy, equal tap target; a text link stays as wide as its words.
  const common: ButtonProps = { size: "lg", fontWeight: "semibold", borderRadius: "md", w: { base: "full", sm: "auto" }, ...LOOKS[variant], ...rest };
  const content = (
    <>
      {icon && <Icon name={icon} boxSize="5" />}
      {label}
    </>
  );
  if (video) {
    return (
      <Button asChild {...common}>
        <a
          href={video.watchUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-track={track}
          {...{ [VIDEO_ATTRIBUTES.name]: video.name, [VIDEO_ATTRIBUTES.mode]: "dialog" }}
        >
          {content}
          <VisuallyHidden {...{ [VIDEO_ATTRIBUTES.newTab]: "", [NOT_INDEXED_ATTRIBUTE]: "" }}> {labels.newTab}</VisuallyHidden>
        </a>
      </Button>
    );
  }
  if (!to) throw new Error(`The button "${label}" has neither a link nor a video; validation refuses such a button.`);
  return (
    <Button asChild {...common}>
      <AppLink link={to} data-track={track}>
        {content}
      </AppLink>
    </Button>
  );
}
