/** What the form does on submit, kept apart from the component so it can be tested alone. */

export interface FieldValue {
  label: string;
  value: string;
}

/** A mailto: URL addressed to the firm with the visitor's details as the body. */
export function mailtoUrl(address: string, subject: string | undefined, values: FieldValue[]): string {
  const to = address.replace(/^mailto:/, "");
  const body = values.map(({ label, value }) => `${label}: ${value}`).join("\n");
  const params = [subject && `subject=${encodeURIComponent(subject)}`, body && `body=${encodeURIComponent(body)}`].filter(Boolean).join("&");
  return params ? `mailto:${to}?${params}` : `mailto:${to}`;
}

/** Posts the form as a browser would (URL-encoded); resolves true on a 2xx answer. */
export async function postForm(action: string, data: FormData): Promise<boolean> {
  try {
    const body = new URLSearchParams();
    for (const [name, value] of data) body.append(name, typeof value === "string" ? value : value.name);
    const response = await fetch(action, { method: "POST", body, headers: { Accept: "application/json" } });
    return response.ok;
  } catch {
    return false;
  }
}

/** Hands a mailto: URL to the visitor's mail program. */
export function openMailProgram(url: string) {
  window.location.href = url;
}
