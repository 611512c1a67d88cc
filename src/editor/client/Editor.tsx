/**
 * The visual editor: pages, each page's sections, a form for the selected section and the
 * real page beside it. Every change is an edit of the file's text (yaml-edit.ts), made and
 * saved by the session (session.ts: drafts, undo, saving, conflicts), which these views
 * read; the dev server then updates the preview in place.
 */
import { Badge, Box, Button, Code, Flex, Heading, HStack, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from "react";
import { formatPath, type PathSegment } from "../../content/problems.ts";
import { fieldsAt, schemaAt } from "../../content/json-schema-lookup.ts";
import { valueOf } from "../yaml-edit.ts";
import { saveFile, type EditorState } from "./api.ts";
import { EditorSession, type Store } from "./session.ts";
import { addressToKeep } from "./rename-offer.ts";
import { ObjectFields, type FormContext } from "./SchemaForm.tsx";

interface Route {
  path: string;
  title?: string;
  redirectFrom?: string[];
  sections: { type: string; heading?: string; id?: string }[];
}

const WIDTHS = [390, 768, 1280] as const;
/** How long a page's new address stands still before the editor offers to keep the old one. */
const RENAME_SETTLES_MS = 1000;

export function Editor({ initial }: { initial: EditorState }) {
  // The session (drafts, undo, saving, conflicts) is a store of its own: the editor renders again
  // when something it shows changed, so a save that changes nothing on screen renders nothing
  // (the preview, in the same browser tab, updates meanwhile), and the status line on its own.
  const [session] = useState(() => new EditorSession(initial.files, initial.problems, saveFile));
  const { drafts, problems, canUndo, canRedo, conflictReport } = useSyncExternalStore(session.state.subscribe, session.state.get);
  const { edit, undo, redo } = session;
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

  const pages = useMemo(() => {
    try {
      return valueOf(drafts.pages!) as { routes: Route[] };
    } catch {
      return { routes: [] };
    }
  }, [drafts.pages]);
  const site = useMemo(() => {
    try {
      return valueOf(drafts.site!) as { targets?: Record<string, unknown> };
    } catch {
      return {};
    }
  }, [drafts.site]);
  /** The tags of a collection's items, from its draft (parsed again only when the draft changed). */
  const tagCache = useRef(new Map<string, string[]>());
  const tagsOf = useCallback(
    (collection: string) => {
      const draft = drafts[collection] ?? "";
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
    [drafts],
  );
  const routes = pages.routes ?? [];
  const route = routes[routeIndex];
  const sections = route?.sections ?? [];
  const section = sectionIndex === undefined ? undefined : sections[sectionIndex];
  const sectionsPath: PathSegment[] = ["routes", routeIndex, "sections"];

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
    session.status.set(`${offerToKeep} now leads to ${route.path}.`);
  };
  const siteWideFiles = Object.keys(initial.files).filter((id) => id !== "pages");
  const fileValue = useMemo(() => {
    if (!fileView) return undefined;
    try {
      return { value: valueOf(drafts[fileView]!) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }, [fileView, drafts]);

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
          <Button size="sm" variant="subtle" onClick={undo} disabled={!canUndo} aria-keyshortcuts="Control+Z">
            Undo
          </Button>
          <Button size="sm" variant="subtle" onClick={redo} disabled={!canRedo} aria-keyshortcuts="Control+Shift+Z">
            Redo
          </Button>
        </HStack>
        <StatusLine status={session.status} />
      </Flex>
      {conflictReport && (
        <Box role="alert" bg="orange.100" color="orange.950" px="4" py="2" data-conflict>
          <Text fontSize="sm">{conflictReport}</Text>
          <Button size="xs" mt="1" variant="outline" onClick={session.dismissConflict}>
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

/** The status line ("Saving…", "Saved pages.yaml."), which renders again on its own as the status changes. */
function StatusLine({ status }: { status: Store<string> }) {
  const text = useSyncExternalStore(status.subscribe, status.get);
  return (
    <Text role="status" fontSize="sm" data-status>
      {text}
    </Text>
  );
}
