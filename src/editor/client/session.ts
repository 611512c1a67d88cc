/**
 * The editor's session: the content files as the marketer is changing them, apart from any
 * view. It holds each file's draft and the edits not yet on disk, the steps to undo and redo,
 * and saving: a file is saved once its edits pause, one save of a file at a time, the edits
 * made during a save saved after it. When a file changed on disk meanwhile, the session takes
 * the file as it is now and applies the marketer's edits to it again, except where both sides
 * changed the same field (the file's version stays, and the report says so).
 *
 * Plain code, no React and no document: Editor.tsx reads it through `state` and `status`
 * (useSyncExternalStore), and session.test.ts pins its rules without a browser.
 */
import { formatPath, type Problem } from "../../content/problems.ts";
import { applyEdit, type Edit } from "../yaml-edit.ts";
import type { SaveResult } from "./api.ts";

/** How long the edits of a file pause before it is saved. */
export const SAVE_DELAY_MS = 400;
/** Typing in one field is one step to undo, until a pause this long (or a save of it). */
export const STEP_PAUSE_MS = 1500;

/** Sends a file's new text, with the text it was made from (the server refuses it if the file changed since). */
export type SaveFile = (id: string, base: string, text: string) => Promise<SaveResult>;

/** What the views show of the session. A new object only when one of these changed. */
export interface SessionState {
  /** Each file's text as the editor shows it, by id; a new object only when a draft changed. */
  readonly drafts: Readonly<Record<string, string>>;
  readonly problems: readonly Problem[];
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** What the editor did when a file changed outside it, until dismissed. */
  readonly conflictReport: string | undefined;
}

/** A value views subscribe to (useSyncExternalStore); setting the same value again tells no one. */
export class Store<T> {
  private readonly listeners = new Set<() => void>();
  constructor(private value: T) {}
  readonly get = (): T => this.value;
  readonly set = (next: T): void => {
    if (Object.is(next, this.value)) return;
    this.value = next;
    for (const listener of this.listeners) listener();
  };
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
}

interface FileSession {
  /** Its path, like pages.yaml, for the status line. */
  readonly name: string;
  /** The text on disk as the editor last read or wrote it. */
  base: string;
  draft: string;
  /** The edits since base, to replay on the file as it is on disk when someone else changed it; undefined after an undo or redo. */
  pending: Edit[] | undefined;
  saving: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
}

interface Step {
  file: string;
  before: string;
  after: string;
  /** The field typed in (file and path), or "" for an edit that is a step of its own. */
  key: string;
  at: number;
  /** Saved: the next keystroke in the same field starts a step of its own. */
  saved?: boolean;
}

/** Whether the field at `path` is `outer` or inside it: routes[10] is not inside routes[1], nor title2 inside title. */
function within(path: string, outer: string): boolean {
  return path === outer || (path.startsWith(outer) && (path[outer.length] === "." || path[outer.length] === "[" || outer === ""));
}

/**
 * The marketer's edits applied again to the file as it is on disk: all but those that touch a
 * place both sides changed (`conflicting`, as paths like routes[0].title) and those the other
 * change made impossible (their section is gone).
 */
export function rebase(disk: string, pending: readonly Edit[], conflicting: readonly string[]): { draft: string; kept: Edit[] } {
  const touches = (edit: Edit) => {
    const edited = formatPath(edit.path);
    return conflicting.some((path) => within(edited, path) || within(path, edited));
  };
  let draft = disk;
  const kept: Edit[] = [];
  for (const edit of pending) {
    if (touches(edit)) continue;
    try {
      draft = applyEdit(draft, edit);
      kept.push(edit);
    } catch {
      // Impossible now: counted with the conflicting ones as not applied.
    }
  }
  return { draft, kept };
}

export class EditorSession {
  readonly state: Store<SessionState>;
  /** The status line ("Saving…", "Saved pages.yaml."): apart from `state`, since it changes on every save and nothing else shows it. */
  readonly status = new Store("All changes saved.");
  private readonly files: Record<string, FileSession>;
  private past: Step[] = [];
  private future: Step[] = [];

  constructor(
    files: Readonly<Record<string, { file: string; text: string }>>,
    problems: readonly Problem[],
    private readonly saveFile: SaveFile,
  ) {
    this.files = Object.fromEntries(
      Object.entries(files).map(([id, { file, text }]) => [id, { name: file, base: text, draft: text, pending: [], saving: false, timer: undefined }]),
    );
    this.state = new Store<SessionState>({
      drafts: Object.fromEntries(Object.entries(files).map(([id, { text }]) => [id, text])),
      problems,
      canUndo: false,
      canRedo: false,
      conflictReport: undefined,
    });
  }

  /** Applies one edit to a file's draft, as one step to undo (typing in one field, `key`, is one step), and saves it once edits pause. */
  readonly edit = (id: string, change: Edit, key = ""): void => {
    const file = this.file(id);
    let after: string;
    try {
      after = applyEdit(file.draft, change);
    } catch (error) {
      this.status.set((error as Error).message);
      return;
    }
    if (after === file.draft) return;
    const now = Date.now();
    const last = this.past.at(-1);
    if (key && last && !last.saved && last.key === key && last.file === id && now - last.at < STEP_PAUSE_MS) {
      last.after = after;
      last.at = now;
    } else this.past.push({ file: id, before: file.draft, after, key, at: now });
    this.future = [];
    file.draft = after;
    file.pending = file.pending ? [...file.pending, change] : undefined;
    this.publish({ drafts: { ...this.state.get().drafts, [id]: after } });
    this.status.set("Unsaved changes…");
    this.scheduleSave(id);
  };

  readonly undo = (): void => this.travel("undo");
  readonly redo = (): void => this.travel("redo");

  readonly dismissConflict = (): void => this.publish({ conflictReport: undefined });

  /** Takes the last step off one list onto the other, the file's draft as it was on that side of the step, and saves it. */
  private travel(direction: "undo" | "redo") {
    const [from, to] = direction === "undo" ? [this.past, this.future] : [this.future, this.past];
    const step = from.pop();
    if (!step) return;
    to.push(step);
    const file = this.file(step.file);
    file.draft = direction === "undo" ? step.before : step.after;
    // A draft from history is no longer the base plus a list of edits: a conflict can keep none of it.
    file.pending = undefined;
    this.publish({ drafts: { ...this.state.get().drafts, [step.file]: file.draft } });
    this.status.set(direction === "undo" ? "Undone." : "Redone.");
    this.scheduleSave(step.file);
  }

  private scheduleSave(id: string) {
    const file = this.file(id);
    clearTimeout(file.timer);
    file.timer = setTimeout(() => void this.save(id), SAVE_DELAY_MS);
  }

  /** Saves a file's draft if it differs from the disk; one save per file at a time (a save asked for meanwhile waits its turn). */
  private async save(id: string): Promise<void> {
    const file = this.file(id);
    if (file.saving) {
      this.scheduleSave(id);
      return;
    }
    if (file.draft === file.base) return;
    file.saving = true;
    this.status.set("Saving…");
    const sent = file.draft;
    const editsSent = file.pending?.length ?? 0;
    let result: SaveResult;
    try {
      result = await this.saveFile(id, file.base, sent);
    } catch (error) {
      result = { status: "failed", error: (error as Error).message };
    }
    file.saving = false;
    if (result.status === "saved") {
      this.setProblems(result.problems);
      const last = this.past.at(-1);
      if (last?.file === id && last.after === sent) last.saved = true;
      file.base = result.text;
      if (file.draft === sent) {
        file.draft = result.text;
        file.pending = [];
        this.publish({ drafts: { ...this.state.get().drafts, [id]: result.text } });
      } else {
        // Edits made while saving stay in the draft, on top of what was written; those sent are in the base now.
        file.pending = file.pending?.slice(editsSent);
      }
      this.status.set(`Saved ${file.name}.`);
    } else if (result.status === "invalid") {
      this.setProblems(result.problems);
      const count = result.problems.filter((problem) => problem.severity === "error").length;
      this.status.set(`Not saved: ${count} problem${count === 1 ? "" : "s"} to fix in ${file.name}.`);
    } else if (result.status === "conflict") {
      this.reload(id, result.disk, result.conflicts);
      this.status.set(`Reloaded ${file.name} from disk.`);
    } else this.status.set(result.error);
  }

  /** The file changed outside the editor: its text on disk becomes the base, with the marketer's edits applied again where they can be. */
  private reload(id: string, disk: string, conflicts: Extract<SaveResult, { status: "conflict" }>["conflicts"]) {
    const file = this.file(id);
    const { draft, kept } = file.pending
      ? rebase(
          disk,
          file.pending,
          conflicts.map((conflict) => conflict.path),
        )
      : { draft: disk, kept: [] };
    const lost = file.pending ? file.pending.length - kept.length : "all";
    const report =
      `${file.name} was changed outside the editor. The editor reloaded it` +
      (file.pending ? ` and kept your other changes` : "") +
      `. ${conflicts.length ? `Changed on both sides, the file's version was kept: ${conflicts.map((conflict) => `${conflict.path} (yours: ${JSON.stringify(conflict.yours)}, file: ${JSON.stringify(conflict.theirs)})`).join("; ")}.` : ""}` +
      (lost ? ` Not applied: ${lost} of your changes.` : "");
    file.base = disk;
    file.draft = draft;
    file.pending = kept;
    // The steps were made on a text that is gone.
    this.past = [];
    this.future = [];
    this.publish({ drafts: { ...this.state.get().drafts, [id]: draft }, conflictReport: report });
    if (draft !== disk) this.scheduleSave(id);
  }

  private setProblems(next: readonly Problem[]) {
    if (JSON.stringify(this.state.get().problems) !== JSON.stringify(next)) this.publish({ problems: next });
  }

  /** A new state for the views, when something they show changed. */
  private publish(change: Partial<SessionState>) {
    const current = this.state.get();
    const next: SessionState = { ...current, ...change, canUndo: this.past.length > 0, canRedo: this.future.length > 0 };
    const drafts = Object.keys(next.drafts).some((id) => next.drafts[id] !== current.drafts[id]) ? next.drafts : current.drafts;
    const changed =
      drafts !== current.drafts ||
      next.problems !== current.problems ||
      next.canUndo !== current.canUndo ||
      next.canRedo !== current.canRedo ||
      next.conflictReport !== current.conflictReport;
    if (changed) this.state.set({ ...next, drafts });
  }

  private file(id: string): FileSession {
    const file = this.files[id];
    if (!file) throw new Error(`The editor has no file ${JSON.stringify(id)}.`);
    return file;
  }
}
