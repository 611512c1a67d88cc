/**
 * Browser only: makes a page's videos play, without React. Each video link (a
 * poster, or a button with video:) becomes a real button; pressing a poster puts
 * the player in its place and moves focus into it, pressing a button opens the
 * player in the page's video window. Until then nothing is requested from the
 * video's host; the player comes from its privacy-enhanced domain.
 */
import { VIDEO_ATTRIBUTES, type VideoIslandProps } from "./video-dom.ts";

type Video = VideoIslandProps["videos"][string];

export function enhance(island: HTMLElement, props: VideoIslandProps) {
  const dialog = island.querySelector<HTMLDialogElement>(`dialog[${VIDEO_ATTRIBUTES.dialog}]`);
  const dialogTitle = dialog?.querySelector(`[${VIDEO_ATTRIBUTES.dialogTitle}]`);
  const dialogFrame = dialog?.querySelector(`[${VIDEO_ATTRIBUTES.dialogFrame}]`);
  let opener: HTMLElement | undefined;

  dialog?.addEventListener("close", () => {
    // Taking the player out stops it; focus goes back to the button that opened it.
    dialogFrame?.replaceChildren();
    opener?.focus();
    opener = undefined;
  });
  dialog?.querySelector(`[${VIDEO_ATTRIBUTES.close}]`)?.addEventListener("click", () => dialog.close());
  // A press on the backdrop (outside the window's box) closes it too.
  dialog?.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });

  for (const link of document.querySelectorAll<HTMLAnchorElement>(`a[${VIDEO_ATTRIBUTES.name}]`)) {
    const video = props.videos[link.getAttribute(VIDEO_ATTRIBUTES.name) ?? ""];
    if (!video) continue;
    const inline = link.getAttribute(VIDEO_ATTRIBUTES.mode) === "inline";
    const button = asButton(link);
    if (inline) {
      button.setAttribute(
        "aria-label",
        props.play.replace("{title}", () => video.title),
      );
      button.addEventListener("click", () => {
        const player = playerFor(video);
        button.replaceWith(player);
        player.focus();
      });
    } else if (dialog && dialogTitle && dialogFrame) {
      button.setAttribute("aria-haspopup", "dialog");
      button.addEventListener("click", () => {
        dialogTitle.textContent = video.title;
        dialogFrame.replaceChildren(playerFor(video));
        opener = button;
        dialog.showModal();
      });
    }
  }
}

/** The same element as a button: its classes, data and content, without what only a link has. */
function asButton(link: HTMLAnchorElement): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  for (const { name, value } of [...link.attributes]) if (!["href", "target", "rel"].includes(name)) button.setAttribute(name, value);
  link.querySelector(`[${VIDEO_ATTRIBUTES.newTab}]`)?.remove();
  button.append(...link.childNodes);
  const focused = document.activeElement === link;
  link.replaceWith(button);
  if (focused) button.focus();
  return button;
}

function playerFor(video: Video): HTMLIFrameElement {
  const player = document.createElement("iframe");
  player.title = video.title;
  // "fullscreen" here grants what the allowfullscreen attribute would (Chromium warns when both are set).
  player.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
  player.referrerPolicy = "strict-origin-when-cross-origin";
  player.src = video.embedUrl;
  return player;
}
