/**
 * Shown by the dev server instead of the site while the content has errors, so a
 * broken edit never leaves a blank page (the error overlay shows the same report).
 */
export function ContentErrors({ report }: { report: string }) {
  return (
    <main style={{ padding: "2rem", fontFamily: "system-ui, sans-serif", color: "#081326", maxWidth: "60rem" }}>
      <h1 style={{ fontSize: "1.5rem", fontWeight: 700, marginBottom: "1rem" }}>The content has errors</h1>
      <p style={{ marginBottom: "1rem" }}>Fix them in the files named below; this page reloads when you save.</p>
      <pre style={{ whiteSpace: "pre-wrap", background: "#f4f6fa", padding: "1rem", borderRadius: "6px", lineHeight: 1.5 }}>{report}</pre>
    </main>
  );
}
