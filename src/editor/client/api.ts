import type { Problem } from "../../content/problems.ts";
import type { JsonSchema } from "../../content/json-schema-lookup.ts";
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

/*
 * The session's token never reaches this code: the server turned the printed address into an
 * HttpOnly cookie, which the browser sends with every request of this origin. Nothing a
 * document of this origin can read (storage, the address bar) holds it.
 */

/** An answer's JSON, or its text as the error (the server's guard answers in plain text). */
async function answer(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text().catch(() => "");
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return text.trim() ? { error: text.trim() } : {};
  }
}

export async function loadState(): Promise<EditorState> {
  const response = await fetch("/__editor/api/state");
  const body = await answer(response);
  if (!response.ok) throw new Error((body.error as string | undefined) ?? `The editor could not load the content (${response.status}).`);
  return body as unknown as EditorState;
}

export async function saveFile(file: string, base: string, text: string): Promise<SaveResult> {
  let response: Response;
  try {
    response = await fetch("/__editor/api/save", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ file, base, text }),
    });
  } catch (error) {
    return { status: "failed", error: `The editor's server did not answer (${(error as Error).message}). Is npm run edit still running?` };
  }
  // The answer's shape depends on its status, read below.
  const body = (await answer(response)) as any;
  if (response.ok) return { status: "saved", text: body.text, problems: body.problems };
  if (response.status === 422) return { status: "invalid", problems: body.problems, error: body.error };
  if (response.status === 409) return { status: "conflict", disk: body.disk, conflicts: body.conflicts, error: body.error };
  return { status: "failed", error: body.error ?? `Saving failed (${response.status}).` };
}
