import { Button, VisuallyHidden, type ButtonProps } from "@chakra-ui/react";
import type { AnchorHTMLAttributes, ReactNode } from "react";
import { Icon } from "./Icon.tsx";
import { useSite } from "./site-context.ts";
import type { ActionData, Link } from "../content/types.ts";
import { TARGET_ATTRIBUTE } from "../analytics/events.ts";

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
      <VisuallyHidden data-new-tab=""> {labels.newTab}</VisuallyHidden>
    </a>
  );
}

type ActionProps = ActionData & Omit<ButtonProps, "children">;

const PRIMARY: ButtonProps = { colorPalette: "gold", variant: "solid" };
// Navy on light sections, white on navy ones, by the tone tokens.
const SECONDARY: ButtonProps = { variant: "outline", color: "fg.link", borderColor: "border.action", _hover: { bg: "bg.tint" } };

/**
 * A call-to-action button. Without a link it renders as a plain button that does
 * nothing, which is how the content declares an action not wired up yet.
 */
export function ActionButton({ label, to, variant = "primary", icon, track, ...rest }: ActionProps) {
  const look = variant === "primary" ? PRIMARY : SECONDARY;
  // Full width on phones, so every call to action is an easy, equal tap target.
  const common: ButtonProps = { size: "lg", fontWeight: "semibold", borderRadius: "md", w: { base: "full", sm: "auto" }, ...look, ...rest };
  const content = (
    <>
      {icon && <Icon name={icon} boxSize="5" />}
      {label}
    </>
  );
  if (!to) {
    return (
      <Button type="button" {...common}>
        {content}
      </Button>
    );
  }
  return (
    <Button asChild {...common}>
      <AppLink link={to} data-track={track}>
        {content}
      </AppLink>
    </Button>
  );
}
