import { Box, Button, chakra, Field, Grid, Input, Stack } from "@chakra-ui/react";
import { useId, useState, type FormEvent } from "react";
import { Section } from "../../app/Section.tsx";
import { SectionHeader } from "../../app/SectionHeader.tsx";
import { useSite } from "../../app/site-context.ts";
import { showToast } from "../../app/notify.ts";
import type { FormProps } from "./schema.ts";
import { mailtoUrl, openMailProgram, postForm } from "./submit.ts";

/**
 * One sign-up form for the whole site. The browser validates first. With an
 * action it posts there (natively without JavaScript, with fetch and a toast
 * with it, keeping every value on failure); without one it opens the visitor's
 * mail program addressed to the firm, so no sign-up is silently lost.
 */
export function Form(props: FormProps) {
  const { id, tone = "plain", eyebrow, heading, intro, fields, consent, submitLabel, action, mailSubject, success, failure } = props;
  const headingId = useId();
  const fieldId = useId();
  const { contact } = useSite();
  const [sending, setSending] = useState(false);
  const mailAction = mailtoUrl(contact.email.href.href, mailSubject, []);
  const inline = fields.length === 1 && !consent;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    // The rendered action attribute is the one source of where the form goes, with or without JavaScript.
    const target = form.getAttribute("action") ?? "";
    if (!/^https?:/.test(target)) {
      const values = fields.map((field) => ({ label: field.label, value: String(data.get(field.name) ?? "") }));
      if (consent) values.push({ label: consent.label, value: data.get("consent") ? "yes" : "no" });
      openMailProgram(mailtoUrl(contact.email.href.href, mailSubject, values));
      return;
    }
    setSending(true);
    const ok = await postForm(target, data);
    setSending(false);
    const message = ok ? success : failure;
    await showToast({ type: ok ? "success" : "error", title: message.title, description: message.description });
    if (ok) form.reset();
  }

  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <Box maxW={inline ? "2xl" : "3xl"} mx="auto">
        <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} onDark={tone === "brand"} />
        <chakra.form
          action={action ? action.href : mailAction}
          method="post"
          encType={action ? undefined : "text/plain"}
          onSubmit={onSubmit}
          aria-labelledby={heading ? headingId : undefined}
          bg="bg"
          color="fg"
          p={{ base: "5", md: "8" }}
          borderRadius="2xl"
          borderWidth="1px"
          borderColor="border"
          shadow="sm"
        >
          <Stack gap="5">
            {/* A single field sits beside its button; the button keeps its whole label and the field takes the rest. */}
            <Grid
              templateColumns={inline ? { base: "1fr", sm: "minmax(0, 1fr) auto" } : { base: "1fr", md: "repeat(2, minmax(0, 1fr))" }}
              gap="4"
              alignItems="end"
            >
              {fields.map((field) => (
                <Field.Root key={field.name} required={field.required} gridColumn={!inline && field.type === "email" ? { md: "span 2" } : undefined}>
                  <Field.Label fontWeight="semibold">
                    {field.label}
                    <Field.RequiredIndicator color="red.700" />
                  </Field.Label>
                  <Input name={field.name} type={field.type} autoComplete={field.autocomplete} size="lg" bg="bg" borderColor="border.control" />
                </Field.Root>
              ))}
              {inline && <SubmitButton label={submitLabel} sending={sending} inline />}
            </Grid>
            {consent && (
              <chakra.label htmlFor={`${fieldId}-consent`} display="flex" gap="3" alignItems="flex-start" fontSize="sm" color="fg.muted" cursor="pointer">
                <chakra.input
                  id={`${fieldId}-consent`}
                  type="checkbox"
                  name="consent"
                  value="yes"
                  required={consent.required}
                  boxSize="6"
                  flexShrink={0}
                  css={{ accentColor: "var(--chakra-colors-navy-700)" }}
                />
                {consent.label}
              </chakra.label>
            )}
            {!inline && <SubmitButton label={submitLabel} sending={sending} />}
          </Stack>
        </chakra.form>
      </Box>
    </Section>
  );
}

function SubmitButton({ label, sending, inline = false }: { label: string; sending: boolean; inline?: boolean }) {
  return (
    <Button type="submit" size="lg" colorPalette="navy" loading={sending} fontWeight="semibold" w={inline ? { base: "full", sm: "auto" } : "full"}>
      {label}
    </Button>
  );
}
