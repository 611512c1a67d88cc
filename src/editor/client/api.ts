import type { Problem } from "../../content/problems.ts";
import type { JsonSchema } from "../../content/schema-fields.ts";
import type { Conflict } from "../conflicts.ts";

export interface EditorState {
  files: Record<string, { file: string; text: string }>;
  problems: Problem[];
  schemas: Record<string, JsonSchema>;
  blocks: { type: string; title: string; description: string; example: string }[];
  /** Every picture of the site, as /images/<name>: what an image field offers. */
  images: string[];
}

export type SaveResult =
  | { status: "saved"; text: string; problems: Problem[] }
  | { status: "invalid"; problems: Problem[]; error: string }
  | { status: "conflict"; disk: string; conflicts: Conflict[]; error: string }
  | { status: "failed"; error: string };

const TOKEN_KEY = "site-editor-token";

/** The session's token: from the address npm run edit printed, then kept in this tab only (and out of the address bar). */
export function sessionToken(): string {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get("token");
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete("token");
    history.replaceState(null, "", url.pathname + url.search + url.hash);
  }
  return fromUrl ?? sessionStorage.getItem(TOKEN_KEY) ?? "";
}

const token = sessionToken();

export async function loadState(): Promise<EditorState> {
  const response = await fetch("/__editor/api/state", { headers: { "x-editor-token": token } });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ?? `The editor could not load the content (${response.status}).`);
  return body as EditorState;
}

export async function saveFile(file: string, base: string, text: string): Promise<SaveResult> {
  let response: Response;
  try {
    response = await fetch("/__editor/api/save", {
      method: "POST",
      headers: { "content-type": "application/json", "x-editor-token": token },
      body: JSON.stringify({ file, base, text }),
    });
  } catch (error) {
    return { status: "failed", error: `The editor's server did not answer (${(error as Error).message}). Is npm run edit still running?` };
  }
  const body = await response.json().catch(() => ({}));
  if (response.ok) return { status: "saved", text: body.text, problems: body.problems };
  if (response.status === 422) return { status: "invalid", problems: body.problems, error: body.error };
  if (response.status === 409) return { status: "conflict", disk: body.disk, conflicts: body.conflicts, error: body.error };
  return { status: "failed", error: body.error ?? `Saving failed (${response.status}).` };
}
