/**
 * The editor's session rules, without a browser: what the marketer typed is saved once typing
 * pauses, never lost to a save in flight, a failed or refused save, or a change made to the
 * file outside the editor; and undo and redo go step by step. The server here answers as the
 * editor's server does (src/editor/server.ts): a save made from a text that is no longer on
 * disk is refused with the file as it is and the places both sides changed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Problem } from "../../content/problems.ts";
import { conflicts } from "../conflicts.ts";
import { applyEdit, valueAt, valueOf, type Edit } from "../yaml-edit.ts";
import type { SaveResult } from "./api.ts";
import { EditorSession, rebase, SAVE_DELAY_MS, STEP_PAUSE_MS } from "./session.ts";

const PAGES = `# The site's pages.
routes:
  - path: /
    title: Home
    sections:
      - type: hero
        eyebrow: Tax help
        heading: Welcome
`;
const SITE = "brand:\n  name: Northbridge\n";
const heading = ["routes", 0, "sections", 0, "heading"];
const eyebrow = ["routes", 0, "sections", 0, "eyebrow"];
const title = ["routes", 0, "title"];
const set = (path: (string | number)[], value: unknown): Edit => ({ op: "set", path, value });
const read = (text: string, path: (string | number)[]) => valueAt(valueOf(text), path);

const emptyHeading: Problem = {
  severity: "error",
  code: "empty-text",
  file: "pages.yaml",
  line: 8,
  col: 18,
  path: "routes[0].sections[0].heading",
  message: "Write a heading.",
  hint: "Write the text, or remove the field if it is optional.",
};

interface Request {
  id: string;
  base: string;
  text: string;
  answer: (result: SaveResult) => void;
}

/** The editor's server over files in memory: saves wait in `requests` until answered. */
function fakeServer() {
  const disk: Record<string, string> = { pages: PAGES, site: SITE };
  const requests: Request[] = [];
  const save = (id: string, base: string, text: string) => new Promise<SaveResult>((answer) => requests.push({ id, base, text, answer }));
  /** Answers the oldest save: written if made from the text on disk, else refused with the conflict; or `result` as given. */
  async function answer(result?: (request: Request) => SaveResult) {
    const request = requests.shift();
    if (!request) throw new Error("No save is waiting for an answer.");
    const { id, base, text } = request;
    if (result) request.answer(result(request));
    else if (disk[id] !== base) {
      const found = conflicts(valueOf(base), valueOf(text), valueOf(disk[id]!));
      request.answer({ status: "conflict", disk: disk[id]!, conflicts: found, error: "changed on disk" });
    } else {
      disk[id] = text;
      request.answer({ status: "saved", text, problems: [] });
    }
    // The session's own continuation runs.
    await vi.advanceTimersByTimeAsync(0);
  }
  const session = new EditorSession({ pages: { file: "pages.yaml", text: PAGES }, site: { file: "content/site.yaml", text: SITE } }, [], save);
  return { disk, requests, answer, session, draft: (id = "pages") => session.state.get().drafts[id]!, status: () => session.status.get() };
}

/** Time passes with nothing typed. */
const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the editor's session: saving", () => {
  it("saves a file once typing pauses, the last text typed in one save", async () => {
    const { session, requests, answer, disk, status } = fakeServer();
    for (const typed of ["W", "We", "Welcome back"]) {
      session.edit("pages", set(heading, typed), "pages:heading");
      await wait(SAVE_DELAY_MS - 100);
    }
    expect(requests).toEqual([]);
    expect(status()).toBe("Unsaved changes…");
    await wait(100);
    expect(requests.map(({ id, base }) => ({ id, base }))).toEqual([{ id: "pages", base: PAGES }]);
    expect(read(requests[0]!.text, heading)).toBe("Welcome back");
    expect(status()).toBe("Saving…");
    await answer();
    expect(disk.pages).toBe(applyEdit(PAGES, set(heading, "Welcome back")));
    expect(status()).toBe("Saved pages.yaml.");
    await wait(10 * SAVE_DELAY_MS);
    expect(requests).toEqual([]);
  });

  it("saves an edit made during a save after it, from the text that save wrote", async () => {
    const { session, requests, answer, disk, draft } = fakeServer();
    session.edit("pages", set(heading, "First"));
    await wait(SAVE_DELAY_MS);
    expect(requests).toHaveLength(1);
    session.edit("pages", set(eyebrow, "Second"));
    // Its turn comes while the first save is still waiting: it waits too, never two saves of a file at once.
    await wait(3 * SAVE_DELAY_MS);
    expect(requests).toHaveLength(1);
    await answer();
    const first = applyEdit(PAGES, set(heading, "First"));
    expect(disk.pages).toBe(first);
    // The screen keeps both edits: the second is not undone by the first save's answer.
    expect(read(draft(), eyebrow)).toBe("Second");
    await wait(SAVE_DELAY_MS);
    expect(requests.map(({ base }) => base)).toEqual([first]);
    await answer();
    expect(disk.pages).toBe(applyEdit(first, set(eyebrow, "Second")));
    expect(draft()).toBe(disk.pages);
  });

  it("saves each file on its own", async () => {
    const { session, requests, answer, disk, status } = fakeServer();
    session.edit("pages", set(title, "Start"));
    session.edit("site", set(["brand", "name"], "Harbor Tax"));
    await wait(SAVE_DELAY_MS);
    expect(requests.map(({ id }) => id)).toEqual(["pages", "site"]);
    await answer();
    await answer();
    expect(read(disk.pages!, title)).toBe("Start");
    expect(read(disk.site!, ["brand", "name"])).toBe("Harbor Tax");
    expect(status()).toBe("Saved content/site.yaml.");
  });

  it("keeps a refused change on screen with the validator's problems, and saves it once it is fixed", async () => {
    const { session, requests, answer, disk, draft, status } = fakeServer();
    session.edit("pages", set(heading, ""));
    await wait(SAVE_DELAY_MS);
    await answer(() => ({ status: "invalid", problems: [emptyHeading, { ...emptyHeading, severity: "warning" }], error: "invalid" }));
    expect(status()).toBe("Not saved: 1 problem to fix in pages.yaml.");
    expect(session.state.get().problems).toEqual([emptyHeading, { ...emptyHeading, severity: "warning" }]);
    expect(disk.pages).toBe(PAGES);
    expect(read(draft(), heading)).toBe("");
    // Nothing is sent again until the marketer changes something.
    await wait(10 * SAVE_DELAY_MS);
    expect(requests).toEqual([]);
    session.edit("pages", set(heading, "Fixed"));
    await wait(SAVE_DELAY_MS);
    await answer();
    expect(read(disk.pages!, heading)).toBe("Fixed");
    expect(session.state.get().problems).toEqual([]);
  });

  it("keeps what was typed when the server cannot be reached, and sends it all with the next change", async () => {
    const { session, requests, answer, disk, draft, status } = fakeServer();
    session.edit("pages", set(heading, "Typed offline"));
    await wait(SAVE_DELAY_MS);
    await answer(() => ({ status: "failed", error: "The editor's server did not answer." }));
    expect(status()).toBe("The editor's server did not answer.");
    expect(read(draft(), heading)).toBe("Typed offline");
    session.edit("pages", set(eyebrow, "And this"));
    await wait(SAVE_DELAY_MS);
    expect(requests[0]!.base).toBe(PAGES);
    await answer();
    expect(disk.pages).toBe(applyEdit(applyEdit(PAGES, set(heading, "Typed offline")), set(eyebrow, "And this")));
  });

  it("takes a save that throws for a failed one: later saves still go out", async () => {
    const saves: string[] = [];
    let fail = true;
    const session = new EditorSession({ pages: { file: "pages.yaml", text: PAGES } }, [], async (_id, _base, text) => {
      saves.push(text);
      if (fail) throw new Error("network down");
      return { status: "saved", text, problems: [] };
    });
    session.edit("pages", set(heading, "One"));
    await wait(SAVE_DELAY_MS);
    expect(session.status.get()).toBe("network down");
    fail = false;
    session.edit("pages", set(heading, "Two"));
    await wait(SAVE_DELAY_MS);
    expect(saves.map((text) => read(text, heading))).toEqual(["One", "Two"]);
    expect(session.status.get()).toBe("Saved pages.yaml.");
  });

  it("tells the views nothing when a save changes nothing they show; the status line alone follows it", async () => {
    const { session, answer } = fakeServer();
    session.edit("pages", set(heading, "Quiet"));
    const state = session.state.get();
    const shown = vi.fn();
    const statuses: string[] = [];
    session.state.subscribe(shown);
    session.status.subscribe(() => statuses.push(session.status.get()));
    await wait(SAVE_DELAY_MS);
    await answer();
    expect(shown).not.toHaveBeenCalled();
    expect(session.state.get()).toBe(state);
    expect(statuses).toEqual(["Saving…", "Saved pages.yaml."]);
  });

  it("says why an edit cannot be made, and changes nothing", async () => {
    const { session, requests, draft, status } = fakeServer();
    session.edit("pages", { op: "move", path: ["routes", 0, "sections"], from: 0, to: 5 });
    expect(status()).not.toBe("All changes saved.");
    expect(draft()).toBe(PAGES);
    expect(session.state.get().canUndo).toBe(false);
    await wait(SAVE_DELAY_MS);
    expect(requests).toEqual([]);
  });
});

describe("the editor's session: a file changed outside the editor", () => {
  it("reloads the file, keeps the marketer's other changes and saves them on top of it", async () => {
    const { session, answer, disk, draft, status } = fakeServer();
    disk.pages = applyEdit(PAGES, set(title, "Changed in a text editor"));
    session.edit("pages", set(eyebrow, "Written in the page editor"));
    await wait(SAVE_DELAY_MS);
    await answer();
    expect(status()).toBe("Reloaded pages.yaml from disk.");
    const report = session.state.get().conflictReport!;
    expect(report).toContain("pages.yaml was changed outside the editor. The editor reloaded it and kept your other changes.");
    expect(report).not.toContain("Not applied");
    expect(read(draft(), title)).toBe("Changed in a text editor");
    expect(read(draft(), eyebrow)).toBe("Written in the page editor");
    // The steps were made on a text that is gone.
    expect(session.state.get().canUndo).toBe(false);
    await wait(SAVE_DELAY_MS);
    await answer();
    expect(disk.pages).toBe(applyEdit(applyEdit(PAGES, set(title, "Changed in a text editor")), set(eyebrow, "Written in the page editor")));
    session.dismissConflict();
    expect(session.state.get().conflictReport).toBeUndefined();
  });

  it("keeps the file's version of a field both sides changed, and names it with the marketer's text", async () => {
    const { session, answer, disk, draft } = fakeServer();
    disk.pages = applyEdit(PAGES, set(heading, "Theirs"));
    session.edit("pages", set(heading, "Mine"), "pages:heading");
    session.edit("pages", set(title, "My title"), "pages:title");
    await wait(SAVE_DELAY_MS);
    await answer();
    const report = session.state.get().conflictReport!;
    expect(report).toContain(`Changed on both sides, the file's version was kept: routes[0].sections[0].heading (yours: "Mine", file: "Theirs").`);
    expect(report).toContain("Not applied: 1 of your changes.");
    expect(read(draft(), heading)).toBe("Theirs");
    expect(read(draft(), title)).toBe("My title");
    await wait(SAVE_DELAY_MS);
    await answer();
    expect(read(disk.pages!, heading)).toBe("Theirs");
    expect(read(disk.pages!, title)).toBe("My title");
  });

  it("keeps an edit made while the refused save was in flight", async () => {
    const { session, answer, disk, draft } = fakeServer();
    disk.pages = applyEdit(PAGES, set(title, "Theirs"));
    session.edit("pages", set(heading, "Before the answer"));
    await wait(SAVE_DELAY_MS);
    session.edit("pages", set(eyebrow, "During the save"));
    await answer();
    expect(read(draft(), heading)).toBe("Before the answer");
    expect(read(draft(), eyebrow)).toBe("During the save");
    await wait(SAVE_DELAY_MS);
    await answer();
    expect(valueOf(disk.pages!)).toEqual(
      valueOf(applyEdit(applyEdit(applyEdit(PAGES, set(title, "Theirs")), set(heading, "Before the answer")), set(eyebrow, "During the save"))),
    );
  });

  it("never applies an edit that is on disk already a second time", async () => {
    const { session, answer, disk, draft } = fakeServer();
    const sections = ["routes", 0, "sections"];
    session.edit("pages", { op: "insert", path: sections, index: 1, value: { type: "cta", heading: "Book a call" } });
    await wait(SAVE_DELAY_MS);
    // Typed while the new section is being saved: still to be saved once that save is answered.
    session.edit("pages", set(eyebrow, "Typed meanwhile"));
    await answer();
    expect((read(disk.pages!, sections) as unknown[]).length).toBe(2);
    // Then someone changes the file: only the edit not yet on disk is applied to it again.
    disk.pages = applyEdit(disk.pages!, set(title, "Theirs"));
    await wait(SAVE_DELAY_MS);
    await answer();
    expect((read(draft(), sections) as unknown[]).length).toBe(2);
    expect(read(draft(), eyebrow)).toBe("Typed meanwhile");
    expect(session.state.get().conflictReport).not.toContain("Not applied");
  });

  it("after an undo, takes the file as it is and says the changes were not applied", async () => {
    const { session, answer, disk, draft } = fakeServer();
    session.edit("pages", set(heading, "Typed"));
    session.undo();
    session.redo();
    disk.pages = applyEdit(PAGES, set(title, "Theirs"));
    await wait(SAVE_DELAY_MS);
    await answer();
    const report = session.state.get().conflictReport!;
    expect(report).toContain("The editor reloaded it. ");
    expect(report).toContain("Not applied: all of your changes.");
    expect(draft()).toBe(disk.pages);
  });

  it("rebase: applies the edits again but those at a conflicting place and those no longer possible", () => {
    const disk = applyEdit(PAGES, { op: "remove", path: ["routes", 0, "sections", 0] });
    const edits = [set(title, "Mine"), set(heading, "Gone with its section"), set(["routes", 0, "description"], "Kept")];
    const { draft, kept } = rebase(disk, edits, ["routes[0].title"]);
    expect(kept).toEqual([edits[2]]);
    expect(read(draft, title)).toBe("Home");
    expect(read(draft, ["routes", 0, "description"])).toBe("Kept");
  });

  it("rebase: a conflict at a field leaves a field whose name starts the same alone", () => {
    const edits = [set(["routes", 0, "titleNote"], "Kept")];
    const { kept } = rebase(PAGES, edits, ["routes[0].title"]);
    expect(kept).toEqual(edits);
  });
});

describe("the editor's session: undo and redo", () => {
  it("undoes typing in one field as one step, saves the text as it was, and redoes it", async () => {
    const { session, answer, disk, draft, status } = fakeServer();
    for (const typed of ["N", "Ne", "New"]) {
      session.edit("pages", set(heading, typed), "pages:heading");
      await wait(100);
    }
    session.edit("pages", set(title, "Start"), "pages:title");
    expect(session.state.get()).toMatchObject({ canUndo: true, canRedo: false });
    session.undo();
    expect(read(draft(), title)).toBe("Home");
    expect(read(draft(), heading)).toBe("New");
    session.undo();
    expect(draft()).toBe(PAGES);
    expect(status()).toBe("Undone.");
    expect(session.state.get()).toMatchObject({ canUndo: false, canRedo: true });
    // Nothing to save: the draft is the file on disk again.
    await wait(SAVE_DELAY_MS);
    expect(disk.pages).toBe(PAGES);
    session.redo();
    expect(status()).toBe("Redone.");
    expect(read(draft(), heading)).toBe("New");
    await wait(SAVE_DELAY_MS);
    await answer();
    expect(read(disk.pages!, heading)).toBe("New");
    expect(read(disk.pages!, title)).toBe("Home");
  });

  it("starts a new step after a pause in typing", async () => {
    const { session, draft } = fakeServer();
    session.edit("pages", set(heading, "A"), "pages:heading");
    await wait(STEP_PAUSE_MS);
    session.edit("pages", set(heading, "AB"), "pages:heading");
    session.undo();
    expect(read(draft(), heading)).toBe("A");
  });

  it("starts a new step once the typing was saved, however soon the next keystroke", async () => {
    const { session, answer, draft } = fakeServer();
    session.edit("pages", set(heading, "A"), "pages:heading");
    await wait(SAVE_DELAY_MS);
    await answer();
    session.edit("pages", set(heading, "AB"), "pages:heading");
    session.undo();
    expect(read(draft(), heading)).toBe("A");
    session.undo();
    expect(read(draft(), heading)).toBe("Welcome");
  });

  it("forgets what was undone once something new is typed", () => {
    const { session } = fakeServer();
    session.edit("pages", set(heading, "One"));
    session.undo();
    expect(session.state.get().canRedo).toBe(true);
    session.edit("pages", set(title, "Two"));
    expect(session.state.get().canRedo).toBe(false);
    session.redo();
    expect(read(session.state.get().drafts.pages!, heading)).toBe("Welcome");
  });

  it("does nothing with nothing to undo or redo", () => {
    const { session, draft, status } = fakeServer();
    const state = session.state.get();
    session.undo();
    session.redo();
    expect(session.state.get()).toBe(state);
    expect(draft()).toBe(PAGES);
    expect(status()).toBe("All changes saved.");
  });
});
