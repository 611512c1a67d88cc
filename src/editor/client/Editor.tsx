/**
 * The visual editor: pages, each page's sections, a form for the selected section and the
 * real page beside it. Every change is an edit of the file's text (yaml-edit.ts), saved
 * once it validates; the dev server then updates the preview in place.
 */
import { Badge, Box, Button, Code, Flex, Heading, HStack, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from "react";
import { formatPath, type PathSegment, type Problem } from "../../content/problems.ts";
import { fieldsAt, schemaAt } from "../../content/json-schema-lookup.ts";
import { applyEdit, valueOf, type Edit } from "../yaml-edit.ts";
import { saveFile, type EditorState } from "./api.ts";
import { addressToKeep } from "./rename-offer.ts";
import { ObjectFields, type FormContext } from "./SchemaForm.tsx";

interface FileDraft {
  base: string;
  draft: string;
  /** The edits since base, to replay on the file as it is on disk when someone else changed it; undefined after an undo. */
  pending: Edit[] | undefined;
}

interface Step {
  file: string;
  before: string;
  after: string;
  key: string;
  at: number;
  /** Saved: the next keystroke in the same field starts a step of its own. */
  saved?: boolean;
}

interface Route {
  path: string;
  title?: string;
  redirectFrom?: string[];
  sections: { type: string; heading?: string; id?: string }[];
}

const WIDTHS = [390, 768, 1280] as const;
/** How long a page's new address stands still before the editor offers to keep the old one. */
const RENAME_SETTLES_MS = 1000;
const SAVE_DELAY = 400;

export function Editor({ initial }: { initial: EditorState }) {
  // What the editor shows (the drafts) is state; what only saving needs (base, pending) is kept
  // in filesRef alone, so a save that changes nothing on screen renders nothing: the preview,
  // in the same browser tab, updates meanwhile.
  const [files, setFiles] = useState<Record<string, FileDraft>>(() =>
    Object.fromEntries(Object.entries(initial.files).map(([id, { text }]) => [id, { base: text, draft: text, pending: [] }])),
  );
  const [problems, setAllProblems] = useState<Problem[]>(initial.problems);
  const setProblems = useCallback((next: Problem[]) => setAllProblems((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next)), []);
  const [status] = useState(() => new StatusStore("All changes saved."));
  const setStatus = status.set;
  const [conflictReport, setConflictReport] = useState<string>();
  const [routeIndex, setRouteIndex] = useState(0);
  /**
   * The address each page had before its path was first changed here, by the page's place in
   * pages.yaml: a renamed page can keep it as an old address (redirectFrom), so links to it
   * still arrive. An offer turned down is not made again for that address.
   */
  const renamedFrom = useRef(new Map<number, string>());
  const [keptOrDeclined, setKeptOrDeclined] = useState<ReadonlySet<string>>(new Set());
  /** A site-wide file (site.yaml, a collection) shown in the form instead of the page's section, by its id. */
  const [fileView, setFileView] = useState<string>();
  const [sectionIndex, setSectionIndex] = useState<number | undefined>(0);
  const [width, setWidth] = useState<(typeof WIDTHS)[number]>(1280);
  const [blockType, setBlockType] = useState(initial.blocks[0]?.type ?? "");
  const past = useRef<Step[]>([]);
  const future = useRef<Step[]>([]);
  const [, setHistoryVersion] = useState(0);
  const filesRef = useRef(files);
  /** The files' bookkeeping; the editor renders again only when a draft changed. */
  const updateFiles = useCallback((next: Record<string, FileDraft>) => {
    const drafts = Object.keys(next).some((id) => next[id]!.draft !== filesRef.current[id]?.draft);
    filesRef.current = next;
    if (drafts) setFiles(next);
  }, []);
  const timers = useRef<Record<string, ReturnType<typeof setTimeout>>>({});
  const saving = useRef<Record<string, boolean>>({});

  const pages = useMemo(() => {
    try {
      return valueOf(files.pages!.draft) as { routes: Route[] };
    } catch {
      return { routes: [] };
    }
  }, [files.pages!.draft]);
  const site = useMemo(() => {
    try {
      return valueOf(files.site!.draft) as { targets?: Record<string, unknown> };
    } catch {
      return {};
    }
  }, [files.site!.draft]);
  /** The tags of a collection's items, from its draft (parsed again only when the draft changed). */
  const tagCache = useRef(new Map<string, string[]>());
  const tagsOf = useCallback(
    (collection: string) => {
      const draft = files[collection]?.draft ?? "";
      const cached = tagCache.current.get(draft);
      if (cached) return cached;
      let items: unknown;
      try {
        items = (valueOf(draft) as { items?: unknown } | null)?.items;
      } catch {
        items = undefined;
      }
      const tags = Array.isArray(items) ? items.flatMap((item) => ((item as { tags?: unknown } | null)?.tags as unknown[] | undefined) ?? []) : [];
      const found = [...new Set(tags.filter((tag): tag is string => typeof tag === "string"))].sort();
      tagCache.current.set(draft, found);
      return found;
    },
    [files],
  );
  const routes = pages.routes ?? [];
  const route = routes[routeIndex];
  const sections = route?.sections ?? [];
  const section = sectionIndex === undefined ? undefined : sections[sectionIndex];
  const sectionsPath: PathSegment[] = ["routes", routeIndex, "sections"];

  const save = useCallback(async (id: string) => {
    if (saving.current[id]) {
      timers.current[id] = setTimeout(() => void save(id), SAVE_DELAY);
      return;
    }
    const current = filesRef.current[id]!;
    if (current.draft === current.base) return;
    saving.current[id] = true;
    setStatus("Saving…");
    const sent = current.draft;
    const result = await saveFile(id, current.base, sent);
    saving.current[id] = false;
    if (result.status === "saved") {
      setProblems(result.problems);
      const last = past.current.at(-1);
      if (last?.file === id && last.after === sent) last.saved = true;
      const file = filesRef.current[id]!;
      // Edits made while saving stay in the draft, on top of what was written.
      const unchanged = file.draft === sent;
      updateFiles({ ...filesRef.current, [id]: { base: result.text, draft: unchanged ? result.text : file.draft, pending: unchanged ? [] : file.pending } });
      setStatus(`Saved ${initial.files[id]!.file}.`);
    } else if (result.status === "invalid") {
      setProblems(result.problems);
      const count = result.problems.filter((problem) => problem.severity === "error").length;
      setStatus(`Not saved: ${count} problem${count === 1 ? "" : "s"} to fix in ${initial.files[id]!.file}.`);
    } else if (result.status === "conflict") {
      const file = filesRef.current[id]!;
      const conflicting = new Set(result.conflicts.map((conflict) => conflict.path));
      const touches = (edit: Edit) => [...conflicting].some((path) => formatPath(edit.path).startsWith(path) || path.startsWith(formatPath(edit.path)));
      let draft = result.disk;
      const kept: Edit[] = [];
      if (file.pending) {
        for (const edit of file.pending) {
          if (touches(edit)) continue;
          try {
            draft = applyEdit(draft, edit);
            kept.push(edit);
          } catch {
            // An edit the other change made impossible (its section is gone): reported below with the rest.
          }
        }
      }
      const lost = file.pending ? file.pending.length - kept.length : "all";
      setConflictReport(
        `${initial.files[id]!.file} was changed outside the editor. The editor reloaded it` +
          (file.pending ? ` and kept your other changes` : "") +
          `. ${result.conflicts.length ? `Changed on both sides, the file's version was kept: ${result.conflicts.map((conflict) => `${conflict.path} (yours: ${JSON.stringify(conflict.yours)}, file: ${JSON.stringify(conflict.theirs)})`).join("; ")}.` : ""}` +
          (lost ? ` Not applied: ${lost} of your changes.` : ""),
      );
      updateFiles({ ...filesRef.current, [id]: { base: result.disk, draft, pending: kept } });
      past.current = [];
      future.current = [];
      setHistoryVersion((version) => version + 1);
      if (draft !== result.disk) timers.current[id] = setTimeout(() => void save(id), SAVE_DELAY);
      setStatus(`Reloaded ${initial.files[id]!.file} from disk.`);
    } else setStatus(result.error);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const scheduleSave = useCallback(
    (id: string) => {
      clearTimeout(timers.current[id]);
      timers.current[id] = setTimeout(() => void save(id), SAVE_DELAY);
    },
    [save],
  );

  /** Applies one edit to a file's draft, as one step to undo (typing in one field is one step). */
  const edit = useCallback(
    (id: string, change: Edit, key = "") => {
      const file = filesRef.current[id]!;
      let after: string;
      try {
        after = applyEdit(file.draft, change);
      } catch (error) {
        setStatus((error as Error).message);
        return;
      }
      if (after === file.draft) return;
      const now = Date.now();
      const last = past.current.at(-1);
      // Typing in one field is one step, until a pause long enough to save it.
      if (key && last && !last.saved && last.key === key && last.file === id && now - last.at < 1500) {
        last.after = after;
        last.at = now;
      } else past.current.push({ file: id, before: file.draft, after, key, at: now });
      future.current = [];
      setHistoryVersion((version) => version + 1);
      const next = { ...file, draft: after, pending: file.pending ? [...file.pending, change] : undefined };
      updateFiles({ ...filesRef.current, [id]: next });
      setStatus("Unsaved changes…");
      scheduleSave(id);
    },
    [scheduleSave],
  );

  const travel = useCallback(
    (from: typeof past, to: typeof past, direction: "undo" | "redo") => {
      const step = from.current.pop();
      if (!step) return;
      to.current.push(step);
      setHistoryVersion((version) => version + 1);
      const file = filesRef.current[step.file]!;
      const text = direction === "undo" ? step.before : step.after;
      updateFiles({ ...filesRef.current, [step.file]: { ...file, draft: text, pending: undefined } });
      setStatus(direction === "undo" ? "Undone." : "Redone.");
      scheduleSave(step.file);
    },
    [scheduleSave],
  );
  const undo = useCallback(() => travel(past, future, "undo"), [travel]);
  const redo = useCallback(() => travel(future, past, "redo"), [travel]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) undo();
      else if ((key === "z" && event.shiftKey) || key === "y") redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo]);

  const pagesFile = initial.files.pages!.file;
  const problemsIn = useCallback(
    (file: string) => (path: PathSegment[]) => {
      const at = formatPath(path);
      return problems.filter((problem) => problem.file === file && problem.path === at);
    },
    [problems],
  );

  const moveSection = (from: number, to: number) => {
    if (to < 0 || to >= sections.length || from === to) return;
    edit("pages", { op: "move", path: sectionsPath, from, to });
    setSectionIndex(to);
  };
  const duplicateSection = (index: number) => {
    edit("pages", { op: "duplicate", path: sectionsPath, index });
    const id = sections[index]?.id;
    // The copy needs its own id: two sections may not share one.
    if (id) edit("pages", { op: "set", path: [...sectionsPath, index + 1, "id"], value: `${id}-copy` });
    setSectionIndex(index + 1);
  };
  const deleteSection = (index: number) => {
    edit("pages", { op: "remove", path: [...sectionsPath, index] });
    setSectionIndex(sections.length > 1 ? Math.min(index, sections.length - 2) : undefined);
  };
  const addSection = () => {
    const block = initial.blocks.find((candidate) => candidate.type === blockType);
    if (!block) return;
    const at = sectionIndex === undefined ? sections.length : sectionIndex + 1;
    edit("pages", { op: "insert", path: sectionsPath, index: at, value: valueOf(block.example) });
    setSectionIndex(at);
  };

  const outline = useRef<HTMLDivElement>(null);
  const focusMoved = useRef(false);
  const onOutlineKey = (event: KeyboardEvent, index: number) => {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    focusMoved.current = true;
    moveSection(index, event.key === "ArrowUp" ? index - 1 : index + 1);
  };
  useEffect(() => {
    // Focus follows the moved section (its button is a new element now), so Alt+Arrow can be pressed again.
    if (!focusMoved.current || sectionIndex === undefined) return;
    focusMoved.current = false;
    outline.current?.querySelector<HTMLButtonElement>(`[data-section-index="${sectionIndex}"]`)?.focus();
  });
  const dragged = useRef<number>(undefined);

  /** The form's actions on one file: every change is an edit of that file. */
  const contextFor = (id: string): FormContext => ({
    problemsAt: problemsIn(initial.files[id]!.file),
    set: (path, value, order) => {
      const renamed = id === "pages" && path.length === 3 && path[0] === "routes" && path[2] === "path" ? (path[1] as number) : undefined;
      const before = renamed === undefined ? undefined : routes[renamed]?.path;
      if (renamed !== undefined && typeof before === "string" && !renamedFrom.current.has(renamed)) renamedFrom.current.set(renamed, before);
      edit(id, { op: "set", path, value, order }, `${id}:${formatPath(path)}`);
    },
    remove: (path) => edit(id, { op: "remove", path }),
    insert: (path, index, value) => edit(id, { op: "insert", path, index, value }),
    move: (path, from, to) => edit(id, { op: "move", path, from, to }),
    routes: routes.map((candidate) => candidate.path).filter((path) => path !== "*"),
    targets: Object.keys(site.targets ?? {}),
    images: initial.images,
    tagsOf,
  });
  const context = contextFor("pages");

  // A page whose address changed here, with links elsewhere still pointing at the old one.
  const oldPath = renamedFrom.current.get(routeIndex);
  // Offered once the address has stood still for a moment, so the form does not move under the typing.
  const [settledPath, setSettledPath] = useState(route?.path);
  useEffect(() => {
    const timer = setTimeout(() => setSettledPath(route?.path), RENAME_SETTLES_MS);
    return () => clearTimeout(timer);
  }, [route?.path]);
  const offerToKeep = addressToKeep({
    page: route,
    oldPath,
    settledPath,
    answered: (path) => keptOrDeclined.has(`${routeIndex} ${path}`),
    paths: routes.map((each) => each.path),
  });
  const answerRename = (keep: boolean) => {
    if (offerToKeep === undefined || !route) return;
    setKeptOrDeclined(new Set([...keptOrDeclined, `${routeIndex} ${offerToKeep}`]));
    if (!keep) return;
    const at: PathSegment[] = ["routes", routeIndex, "redirectFrom"];
    if (route.redirectFrom) edit("pages", { op: "insert", path: at, index: route.redirectFrom.length, value: offerToKeep });
    else edit("pages", { op: "set", path: at, value: [offerToKeep], order: fieldsAt(initial.schemas.pages!, pages, ["routes", routeIndex]) });
    setStatus(`${offerToKeep} now leads to ${route.path}.`);
  };
  const siteWideFiles = Object.keys(initial.files).filter((id) => id !== "pages");
  const fileValue = useMemo(() => {
    if (!fileView) return undefined;
    try {
      return { value: valueOf(files[fileView]!.draft) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }, [fileView, files]);

  const sectionSchema = section ? schemaAt(initial.schemas.pages!, pages, [...sectionsPath, sectionIndex!]) : undefined;
  const pageProblems = problems.filter((problem) => problem.file === pagesFile && problem.path.startsWith(`routes[${routeIndex}]`));
  const otherProblems = problems.filter(
    (problem) => problem.severity === "error" && !(problem.file === pagesFile && problem.path.startsWith(`routes[${routeIndex}]`)),
  );

  return (
    <Flex direction="column" height="100vh">
      <Flex as="header" align="center" gap="4" px="4" py="2" borderBottomWidth="1px" bg="navy.700" color="white" wrap="wrap">
        <Heading as="h1" size="md">
          Page editor
        </Heading>
        <HStack gap="2">
          <Button size="sm" variant="subtle" onClick={undo} disabled={!past.current.length} aria-keyshortcuts="Control+Z">
            Undo
          </Button>
          <Button size="sm" variant="subtle" onClick={redo} disabled={!future.current.length} aria-keyshortcuts="Control+Shift+Z">
            Redo
          </Button>
        </HStack>
        <StatusLine status={status} />
      </Flex>
      {conflictReport && (
        <Box role="alert" bg="orange.100" color="orange.950" px="4" py="2" data-conflict>
          <Text fontSize="sm">{conflictReport}</Text>
          <Button size="xs" mt="1" variant="outline" onClick={() => setConflictReport(undefined)}>
            Dismiss
          </Button>
        </Box>
      )}
      <Flex flex="1" minH="0">
        <Box as="nav" aria-label="Pages and sections" width="64" flexShrink={0} borderRightWidth="1px" overflowY="auto" p="3">
          <Heading as="h2" size="sm" mb="2">
            Pages
          </Heading>
          {/* A site with many pages keeps its list to a part of the column, so the outline stays in view to drag within. */}
          <Stack as="ul" gap="1" listStyleType="none" mb="4" maxH="30vh" overflowY="auto" tabIndex={0} aria-label="Pages">
            {routes.map((candidate, index) => (
              <li key={index}>
                <Button
                  size="sm"
                  width="full"
                  justifyContent="start"
                  variant={index === routeIndex && !fileView ? "solid" : "ghost"}
                  colorPalette="navy"
                  aria-current={index === routeIndex && !fileView ? "page" : undefined}
                  onClick={() => {
                    setFileView(undefined);
                    setRouteIndex(index);
                    setSectionIndex(candidate.sections?.length ? 0 : undefined);
                  }}
                >
                  {candidate.path === "*" ? "Not found (*)" : candidate.path}
                </Button>
              </li>
            ))}
          </Stack>
          <Heading as="h2" size="sm" mb="2">
            Site-wide
          </Heading>
          <Stack as="ul" gap="1" listStyleType="none" mb="4" aria-label="Site-wide files">
            {siteWideFiles.map((id) => (
              <li key={id}>
                <Button
                  size="sm"
                  width="full"
                  justifyContent="start"
                  variant={id === fileView ? "solid" : "ghost"}
                  colorPalette="navy"
                  aria-current={id === fileView ? "true" : undefined}
                  data-file-id={id}
                  onClick={() => setFileView(id)}
                >
                  {initial.files[id]!.file}
                </Button>
              </li>
            ))}
          </Stack>
          <Heading as="h2" size="sm" mb="1">
            Sections
          </Heading>
          <Text fontSize="xs" color="fg.muted" mb="2">
            Alt+Arrow up or down moves the selected section; you can also drag them.
          </Text>
          <Stack as="ol" ref={outline} gap="1" listStyleType="none" data-outline>
            {sections.map((candidate, index) => (
              <Box
                as="li"
                key={`${index}-${candidate.type}`}
                draggable
                onDragStart={(event) => {
                  dragged.current = index;
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", String(index));
                }}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => {
                  event.preventDefault();
                  const from = dragged.current ?? Number(event.dataTransfer.getData("text/plain"));
                  dragged.current = undefined;
                  if (Number.isInteger(from)) moveSection(from, index);
                }}
                borderWidth="1px"
                borderColor={index === sectionIndex ? "navy.600" : "border"}
                borderRadius="md"
                bg={index === sectionIndex ? "navy.50" : undefined}
                p="1"
              >
                <Button
                  size="sm"
                  variant="ghost"
                  width="full"
                  justifyContent="start"
                  data-section-index={index}
                  aria-current={index === sectionIndex ? "true" : undefined}
                  onClick={() => setSectionIndex(index)}
                  onKeyDown={(event) => onOutlineKey(event, index)}
                  aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
                  title={candidate.heading}
                >
                  <Text as="span" fontWeight="semibold">
                    {candidate.type}
                  </Text>
                  <Text as="span" truncate color="fg.muted" fontWeight="normal">
                    {candidate.heading ?? ""}
                  </Text>
                </Button>
                {index === sectionIndex && (
                  <HStack gap="1" wrap="wrap" mt="1">
                    <Button size="xs" variant="outline" disabled={index === 0} onClick={() => moveSection(index, index - 1)}>
                      Up
                    </Button>
                    <Button size="xs" variant="outline" disabled={index === sections.length - 1} onClick={() => moveSection(index, index + 1)}>
                      Down
                    </Button>
                    <Button size="xs" variant="outline" onClick={() => duplicateSection(index)}>
                      Duplicate
                    </Button>
                    <Button size="xs" variant="outline" colorPalette="red" onClick={() => deleteSection(index)}>
                      Delete
                    </Button>
                  </HStack>
                )}
              </Box>
            ))}
          </Stack>
          <Box mt="4" borderTopWidth="1px" pt="3">
            <Heading as="h2" size="sm" mb="2">
              Add a section
            </Heading>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field aria-label="Block to add" value={blockType} onChange={(event) => setBlockType(event.target.value)}>
                {initial.blocks.map((block) => (
                  <option key={block.type} value={block.type}>
                    {block.title} ({block.type})
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Text fontSize="xs" color="fg.muted" mt="1">
              {initial.blocks.find((block) => block.type === blockType)?.description}
            </Text>
            <Box as="pre" fontSize="xs" bg="bg.muted" p="2" mt="1" maxH="40" overflow="auto" tabIndex={0} aria-label="The block's example" data-example>
              {initial.blocks.find((block) => block.type === blockType)?.example}
            </Box>
            <Button size="sm" mt="2" colorPalette="navy" onClick={addSection}>
              Add {sectionIndex === undefined ? "at the end" : "after the selected section"}
            </Button>
          </Box>
        </Box>
        <Box as="main" flex="1" minW="0" overflowY="auto" p="4" aria-label="Section form">
          {(pageProblems.length > 0 || otherProblems.length > 0) && (
            <Box mb="4" borderWidth="1px" borderColor="red.300" borderRadius="md" p="2" data-problem-list>
              <Heading as="h2" size="sm">
                Problems
              </Heading>
              {[...pageProblems, ...otherProblems].map((problem, index) => (
                <Text key={index} fontSize="xs">
                  <Code>{`${problem.file}:${problem.line}:${problem.col}`}</Code> {problem.path} <Badge>{problem.code}</Badge> {problem.message}
                </Text>
              ))}
            </Box>
          )}
          {fileView ? (
            <Box as="section" aria-labelledby="file-form-title" data-file-form={fileView}>
              <Heading as="h2" id="file-form-title" size="md" mb="1">
                {initial.files[fileView]!.file}
              </Heading>
              <Text fontSize="sm" color="fg.muted" mb="3">
                Shared by every page: a change here shows wherever it is used.
              </Text>
              {fileValue?.error !== undefined ? (
                <Text role="alert">The file cannot be read as YAML: {fileValue.error}</Text>
              ) : (
                <ObjectFields schema={initial.schemas[fileView]!} value={fileValue?.value ?? {}} path={[]} context={contextFor(fileView)} />
              )}
            </Box>
          ) : null}
          {!fileView && offerToKeep !== undefined && (
            <Box role="group" aria-labelledby="keep-old-address" mb="4" p="3" borderWidth="1px" borderRadius="md" bg="bg.muted" data-keep-old-address>
              <Text id="keep-old-address" mb="2">
                This page was at <Code>{offerToKeep}</Code>. Keep that address working, so links to it lead here?
              </Text>
              <HStack gap="2">
                <Button size="sm" onClick={() => answerRename(true)}>
                  Keep {offerToKeep}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => answerRename(false)}>
                  No, let it go
                </Button>
              </HStack>
            </Box>
          )}
          {!fileView && route && (
            <Box as="details" mb="4" borderWidth="1px" borderRadius="md" p="2" data-page-settings>
              <Box as="summary" cursor="pointer" fontWeight="semibold">
                Page {route.path === "*" ? "shown for unknown addresses (*)" : route.path}: title, description and settings
              </Box>
              <Box mt="3">
                <ObjectFields
                  schema={schemaAt(initial.schemas.pages!, pages, ["routes", routeIndex])!}
                  value={route}
                  path={["routes", routeIndex]}
                  context={context}
                  skip={["sections"]}
                />
              </Box>
            </Box>
          )}
          {fileView ? null : section && sectionSchema ? (
            <Box as="section" aria-labelledby="section-form-title" borderTopWidth="1px" pt="4" data-section-form>
              <Heading as="h2" id="section-form-title" size="md" mb="3">
                Section {sectionIndex! + 1}: {section.type}
              </Heading>
              <ObjectFields schema={sectionSchema} value={section} path={[...sectionsPath, sectionIndex!]} context={context} />
            </Box>
          ) : (
            <Text>This page has no section selected.</Text>
          )}
        </Box>
        <Preview path={route?.path} width={width} setWidth={setWidth} selected={sectionIndex} onSelect={setSectionIndex} />
      </Flex>
    </Flex>
  );
}

function Preview({
  path,
  width,
  setWidth,
  selected,
  onSelect,
}: {
  path: string | undefined;
  width: number;
  setWidth: (width: (typeof WIDTHS)[number]) => void;
  selected: number | undefined;
  onSelect: (index: number) => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const pane = useRef<HTMLDivElement>(null);
  const [paneWidth, setPaneWidth] = useState(600);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  useEffect(() => {
    const observer = new ResizeObserver(([entry]) => setPaneWidth(entry!.contentRect.width));
    if (pane.current) observer.observe(pane.current);
    return () => observer.disconnect();
  }, []);
  const highlight = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (!doc?.head) return;
    let style = doc.getElementById("editor-selection") as HTMLStyleElement | null;
    if (!style) {
      style = doc.createElement("style");
      style.id = "editor-selection";
      doc.head.append(style);
    }
    style.textContent =
      selected === undefined ? "" : `main > :nth-child(${selected + 1}) { outline: 4px solid #d69e2e; outline-offset: -4px; } main > * { cursor: pointer; }`;
    doc.querySelector("main")?.children[selected ?? -1]?.scrollIntoView({ block: "start" });
  }, [selected]);
  // Again at a new width: the section moved with the page's new layout.
  useEffect(highlight, [highlight, width]);
  const onLoad = () => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    // A click on the page selects its section instead of following links or pressing buttons.
    doc.addEventListener(
      "click",
      (event) => {
        const main = doc.querySelector("main");
        let node = event.target as Element | null;
        while (node && node.parentElement !== main) node = node.parentElement;
        if (!node || !main) return;
        event.preventDefault();
        event.stopPropagation();
        onSelectRef.current([...main.children].indexOf(node));
      },
      true,
    );
    highlight();
    new MutationObserver(() => {
      if (!doc.getElementById("editor-selection")) highlight();
    }).observe(doc.head, { childList: true });
  };
  const scale = Math.min(1, paneWidth / width);
  const src = path && path !== "*" ? path : "/__not-found__";
  return (
    <Box as="aside" aria-label="Preview" width={{ base: "40%", xl: "45%" }} flexShrink={0} borderLeftWidth="1px" display="flex" flexDirection="column">
      <HStack px="3" py="2" gap="2" borderBottomWidth="1px" role="group" aria-label="Preview width">
        {WIDTHS.map((candidate) => (
          <Button
            key={candidate}
            size="xs"
            variant={candidate === width ? "solid" : "outline"}
            colorPalette="navy"
            aria-pressed={candidate === width}
            onClick={() => setWidth(candidate)}
          >
            {candidate} px
          </Button>
        ))}
      </HStack>
      <Box ref={pane} flex="1" overflow="hidden" position="relative" bg="bg.muted">
        <iframe
          ref={frame}
          title={`Preview of ${path ?? "the page"}`}
          src={src}
          onLoad={onLoad}
          data-preview
          style={{ width: `${width}px`, height: `${100 / scale}%`, border: 0, transform: `scale(${scale})`, transformOrigin: "0 0", background: "white" }}
        />
      </Box>
    </Box>
  );
}

/**
 * The editor's status line ("Saving…", "Saved pages.yaml."), kept apart from the editor's own
 * state: it changes on every save, and the whole editor need not render again for it.
 */
class StatusStore {
  private readonly listeners = new Set<() => void>();
  constructor(private value: string) {}
  readonly get = () => this.value;
  readonly set = (next: string) => {
    if (next === this.value) return;
    this.value = next;
    for (const listener of this.listeners) listener();
  };
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
}

function StatusLine({ status }: { status: StatusStore }) {
  const text = useSyncExternalStore(status.subscribe, status.get);
  return (
    <Text role="status" fontSize="sm" data-status>
      {text}
    </Text>
  );
}
