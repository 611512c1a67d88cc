import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { exampleSection, loadSections, ROOT } from "../../../tests/support/content.ts";
import { loadFixture } from "../../../tests/support/fixture-site.ts";
import { renderWithProviders } from "../../../tests/support/render.tsx";
import { showToast } from "../../ui/notify.ts";
import { loadContent } from "../../site/load.ts";
import { Form } from "./Form.tsx";
import { FORM_PROPERTY_NAMES } from "./reserved-names.ts";
import type { FormProps } from "./schema.ts";
import { mailtoUrl, openMailProgram, postForm, SEND_TIMEOUT_MS, type PostOutcome } from "./submit.ts";

vi.mock("./submit.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./submit.ts")>();
  return { ...actual, openMailProgram: vi.fn(), postForm: vi.fn(actual.postForm) };
});
vi.mock("../../ui/notify.ts", () => ({ showToast: vi.fn() }));

function renderForm(yaml: string) {
  const { sections, errors } = loadSections(yaml);
  expect(errors).toEqual([]);
  return renderWithProviders(<Form {...(sections[0] as FormProps)} />);
}

/** The spec fixture site: its /forms page has a form of each kind, and its site.yaml the texts forms share. */
const fixture = loadContent(join(ROOT, "tests", "fixtures", "spec-site")).content!;
const { forms } = fixture.site;
const fixtureForm = (id: string) => fixture.pages.find((page) => page.path === "/forms")!.sections.find((section) => section.id === id) as FormProps;
const renderFixtureForm = (id: string) => renderWithProviders(<Form {...fixtureForm(id)} />, "/forms", fixture.site);

/** An answer whose status a no-cors request cannot read. */
const opaque = { type: "opaque", ok: false, status: 0 } as Response;
/** A CORS endpoint's answer with the given status, from `url` (the endpoint's own address unless it redirected). */
const answer = (status: number, url = "https://forms.example.com/api") => ({ type: "cors", ok: status >= 200 && status < 300, status, url }) as Response;

describe("postForm", () => {
  const fetch = vi.fn<typeof globalThis.fetch>();
  beforeEach(() => {
    fetch.mockReset();
    vi.stubGlobal("fetch", fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  const data = () => {
    const form = new FormData();
    form.append("email", "a@b.co");
    form.append("consent", "yes");
    return form;
  };

  it("posts to a plain endpoint as a no-cors form post, and reports it sent once it answered, whatever the answer", async () => {
    fetch.mockResolvedValue(opaque);
    expect(await postForm("https://forms.example.com/subscribe", data())).toBe("sent");
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("https://forms.example.com/subscribe");
    expect(init).toMatchObject({ method: "POST", mode: "no-cors" });
    expect(String(init!.body)).toBe("email=a%40b.co&consent=yes");
  });

  it("reads the status only of an endpoint declared to answer CORS", async () => {
    fetch.mockResolvedValueOnce(answer(200)).mockResolvedValueOnce(answer(500));
    expect(await postForm("https://forms.example.com/api", data(), { cors: true })).toBe("accepted");
    expect(await postForm("https://forms.example.com/api", data(), { cors: true })).toBe("refused");
    expect(fetch.mock.calls.map(([, init]) => init!.mode)).toEqual(["cors", "cors"]);
  });

  it("with cors: true, counts only a success answered from the endpoint's own origin as accepted", async () => {
    // Followed redirects end at another site (its error page, with a 200), or are left unread.
    fetch
      .mockResolvedValueOnce(answer(200, "https://elsewhere.example.net/error?code=500"))
      .mockResolvedValueOnce({ type: "opaqueredirect", ok: false, status: 0, url: "https://forms.example.com/api" } as Response)
      .mockResolvedValueOnce({ type: "opaque", ok: false, status: 0, url: "" } as Response)
      .mockResolvedValueOnce(answer(200, "https://forms.example.com/thanks"));
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push(await postForm("https://forms.example.com/api", data(), { cors: true }));
    expect(outcomes).toEqual(["refused", "refused", "refused", "accepted"]);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ mode: "cors", redirect: "follow" });
  });

  it("with cors: true, counts a redirect the site's policy stopped as no success", async () => {
    fetch.mockImplementation(async () => {
      const violation = Object.assign(new Event("securitypolicyviolation"), { effectiveDirective: "connect-src", blockedURI: "https://forms.example.com/api" });
      setTimeout(() => document.dispatchEvent(violation), 0);
      throw new TypeError("Failed to fetch");
    });
    expect(await postForm("https://forms.example.com/api", data(), { cors: true })).toBe("refused");
  });

  it("reports no answer, never a refusal, when the request got none", async () => {
    fetch.mockRejectedValue(new TypeError("Failed to fetch"));
    expect(await postForm("https://forms.example.com/subscribe", data())).toBe("no-answer");
    expect(await postForm("https://forms.example.com/api", data(), { cors: true })).toBe("no-answer");
  });

  it("counts an answer redirecting where the site's security policy does not let it follow as arrived", async () => {
    fetch.mockImplementation(async (url) => {
      const violation = Object.assign(new Event("securitypolicyviolation"), { effectiveDirective: "connect-src", blockedURI: String(url) });
      setTimeout(() => document.dispatchEvent(violation), 0);
      throw new TypeError("Failed to fetch");
    });
    expect(await postForm("https://forms.example.com/subscribe", data())).toBe("sent");
    fetch.mockRejectedValue(new TypeError("Failed to fetch"));
    expect(await postForm("https://forms.example.com/subscribe", data())).toBe("no-answer");
  });

  it("stops waiting after 15 seconds", async () => {
    vi.useFakeTimers();
    fetch.mockImplementation(
      (_url, init) => new Promise((_resolve, reject) => init!.signal!.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")))),
    );
    let outcome: PostOutcome | undefined;
    void postForm("https://forms.example.com/subscribe", data()).then((result) => (outcome = result));
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS - 1);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBe("no-answer");
    expect(SEND_TIMEOUT_MS).toBe(15_000);
  });
});

describe("form block", () => {
  beforeEach(() => {
    vi.mocked(openMailProgram).mockClear();
    vi.mocked(showToast).mockClear();
    vi.mocked(postForm).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("builds a mailto: link with the details as the body", () => {
    expect(
      mailtoUrl("mailto:hello@example.com", "Sign-up", [
        { label: "Email", value: "a@b.co" },
        { label: "First name", value: "Ann & Co" },
      ]),
    ).toBe("mailto:hello@example.com?subject=Sign-up&body=Email%3A%20a%40b.co%0AFirst%20name%3A%20Ann%20%26%20Co");
    expect(mailtoUrl("mailto:hello@example.com", undefined, [])).toBe("mailto:hello@example.com");
  });

  it("marks required fields and posts natively to the firm's email without an action", () => {
    const { container } = renderForm(exampleSection("form"));
    const email = screen.getByLabelText(/Email/);
    expect(email).toBeRequired();
    expect(email).toHaveAttribute("type", "email");
    const form = container.querySelector("form")!;
    expect(form.getAttribute("action")).toBe("mailto:hello@example.com?subject=Newsletter%20sign-up");
    expect(form.getAttribute("enctype")).toBe("text/plain");
  });

  it("opens the mail program with what was typed when there is no action", async () => {
    renderForm(exampleSection("form"));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), "visitor@example.org");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(openMailProgram).toHaveBeenCalledWith("mailto:hello@example.com?subject=Newsletter%20sign-up&body=Email%3A%20visitor%40example.org");
  });

  it("does not submit until the browser's validation passes", async () => {
    renderForm(exampleSection("form"));
    await userEvent.setup().click(screen.getByRole("button", { name: "Subscribe" }));
    expect(openMailProgram).not.toHaveBeenCalled();
  });

  it("rejects two fields with the same name", () => {
    const { errors } = loadSections(
      "- type: form\n  fields:\n    - name: email\n      label: Email\n      type: email\n    - name: email\n      label: Email again\n      type: email\n  submitLabel: Go\n  success:\n    title: OK\n  failure:\n    title: Failed",
    );
    expect(errors).toEqual(['routes[0].sections[0].fields[1].name  Two fields are named "email".\nGive each field its own name.']);
  });

  it("says before sending that a form without an action opens the mail program, and afterwards where to write if none did", async () => {
    const { container } = renderFixtureForm("by-email");
    const note = screen.getByText(forms.mailNote);
    const button = screen.getByRole("button", { name: "Send by Email" });
    expect(button).toHaveAttribute("aria-describedby", note.id);
    const live = container.querySelector("[aria-live=polite]")!;
    expect(live).toBeEmptyDOMElement();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), "visitor@example.org");
    await user.click(button);
    const sent = vi.mocked(openMailProgram).mock.calls[0]![0];
    const [before, after] = forms.mailFallback.split("{email}");
    expect(live).toHaveTextContent(`${before}hello@example.com${after}`);
    expect(within(live as HTMLElement).getByRole("link", { name: "hello@example.com" })).toHaveAttribute("href", sent);
    expect(button).toHaveFocus();
    await user.click(within(live as HTMLElement).getByRole("button", { name: forms.copyAddress }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe("hello@example.com");
    expect(within(live as HTMLElement).getByRole("button", { name: forms.addressCopied })).toBeInTheDocument();
  });

  it("leaves the consent box optional unless required: true, which marks it like a required field", () => {
    renderFixtureForm("by-email");
    const optional = screen.getByRole("checkbox");
    expect(optional).not.toBeRequired();
    expect(optional.closest("label")!.textContent).not.toContain("*");
    screen.getByRole("checkbox").closest("form")!.remove();

    renderFixtureForm("plain-endpoint");
    const required = screen.getByRole("checkbox");
    expect(required).toBeRequired();
    const marker = required.closest("label")!.querySelector("[aria-hidden=true]");
    expect(marker).toHaveTextContent("*");
    expect(marker!.className).toBe(screen.getByText("Email").querySelector("[aria-hidden=true]")!.className);
  });

  it("counts a plain endpoint's answer as the sign-up arrived: success toast, form cleared", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(opaque)),
    );
    renderFixtureForm("plain-endpoint");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), "visitor@example.org");
    await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "Join the List" }));
    await vi.waitFor(() => expect(showToast).toHaveBeenCalled());
    const { success } = fixtureForm("plain-endpoint");
    expect(showToast).toHaveBeenCalledWith({ type: "success", title: success.title, description: success.description });
    expect(screen.getByLabelText(/Email/)).toHaveValue("");
  });

  it("with cors: true, shows the failure toast and keeps the values when the endpoint refuses", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(answer(500))),
    );
    renderFixtureForm("cors-endpoint");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("First name"), "Ada");
    await user.type(screen.getByLabelText(/Email/), "visitor@example.org");
    await user.click(screen.getByRole("button", { name: "Request an Assessment" }));
    await vi.waitFor(() => expect(showToast).toHaveBeenCalled());
    const { failure } = fixtureForm("cors-endpoint");
    expect(showToast).toHaveBeenCalledWith({ type: "error", title: failure!.title, description: failure!.description });
    expect(screen.getByLabelText("First name")).toHaveValue("Ada");
    expect(screen.getByLabelText(/Email/)).toHaveValue("visitor@example.org");
  });

  it("while sending, says so and keeps focus; without an answer, keeps the values, frees the button and does not claim a failure", async () => {
    let settle: (outcome: PostOutcome) => void = () => {};
    vi.mocked(postForm).mockImplementationOnce(() => new Promise((resolve) => (settle = resolve)));
    renderFixtureForm("plain-endpoint");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), "visitor@example.org");
    await user.click(screen.getByRole("checkbox"));
    const button = screen.getByRole("button", { name: "Join the List" });
    await user.click(button);
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).toHaveTextContent(forms.sending);
    expect(button).toHaveFocus();
    await user.click(button);
    expect(postForm).toHaveBeenCalledTimes(1);

    settle("no-answer");
    await vi.waitFor(() => expect(showToast).toHaveBeenCalled());
    expect(showToast).toHaveBeenCalledWith({ type: "error", title: forms.noAnswer.title, description: forms.noAnswer.description });
    expect(button).not.toHaveAttribute("aria-busy");
    expect(button).not.toHaveAttribute("aria-disabled");
    expect(button).toHaveTextContent("Join the List");
    expect(screen.getByLabelText(/Email/)).toHaveValue("visitor@example.org");
    expect(screen.getByRole("checkbox")).toBeChecked();
  });

  it("posts once per press: a second press while the outcome is still being shown sends nothing", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(opaque)),
    );
    // The toast machinery loads on first use: the outcome takes that long to show.
    let shown: () => void = () => {};
    vi.mocked(showToast).mockImplementationOnce(() => new Promise<void>((resolve) => (shown = resolve)));
    renderFixtureForm("plain-endpoint");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), "visitor@example.org");
    await user.click(screen.getByRole("checkbox"));
    const button = screen.getByRole("button", { name: "Join the List" });
    await user.click(button);
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledTimes(1));
    await user.click(button);
    await user.click(button);
    expect(postForm).toHaveBeenCalledTimes(1);
    expect(button).toHaveAttribute("aria-busy", "true");
    shown();
    await vi.waitFor(() => expect(button).not.toHaveAttribute("aria-busy"));
    expect(screen.getByLabelText(/Email/)).toHaveValue("");
    expect(postForm).toHaveBeenCalledTimes(1);
  });

  it("refuses a field named like something the form itself has, at its line, with a name to use instead", () => {
    const pages = `routes:
  - path: /
    title: Test
    description: Test page.
    sections:
      - type: hero
        heading: Test page
      - type: form
        fields:
          - name: email
            label: Email
            type: email
          - name: reset
            label: Reset date
            type: text
          - name: name
            label: Your name
            type: text
        submitLabel: Go
        success:
          title: OK
  - path: "*"
    title: Not found
    description: Not found.
    sections:
      - type: hero
        heading: Not found
`;
    const problems = loadFixture({ "pages.yaml": pages }).problems.filter((problem) => problem.severity === "error");
    const line = (needle: string) => pages.slice(0, pages.indexOf(needle)).split("\n").length;
    expect(problems).toMatchObject([
      { code: "reserved-field-name", file: "pages.yaml", line: line("name: reset"), path: "routes[0].sections[1].fields[1].name" },
      { code: "reserved-field-name", file: "pages.yaml", line: line("name: name"), path: "routes[0].sections[1].fields[2].name" },
    ]);
    expect(problems[0]!.hint).toContain("reset → reset_date");
    expect(problems[1]!.hint).toContain("name → full_name");
  });

  it("knows every name the form element answers to", () => {
    const names = new Set<string>();
    for (let proto: object | null = HTMLFormElement.prototype; proto; proto = Object.getPrototypeOf(proto))
      for (const name of Object.getOwnPropertyNames(proto)) if (/^[a-zA-Z][a-zA-Z0-9_]*$/.test(name)) names.add(name);
    expect([...names].filter((name) => !FORM_PROPERTY_NAMES.has(name))).toEqual([]);
    for (const name of ["reset", "submit", "action", "method", "elements", "length", "target", "name", "id"])
      expect(FORM_PROPERTY_NAMES.has(name), name).toBe(true);
    expect(FORM_PROPERTY_NAMES.has("email")).toBe(false);
  });

  it("requires a failure toast and an action with cors: true", () => {
    const { errors } = loadSections(
      "- type: form\n  fields:\n    - name: email\n      label: Email\n      type: email\n  submitLabel: Go\n  cors: true\n  success:\n    title: OK",
    );
    expect(errors).toEqual([
      "routes[0].sections[0].failure  A form with cors: true shows a failure toast when the endpoint answers with an error: write it.\nAdd failure: with a title (and a description), like title: We couldn't sign you up.",
      "routes[0].sections[0].cors  cors: true describes the action's endpoint, and this form has no action.\nAdd the action, or remove cors.",
    ]);
  });
});
