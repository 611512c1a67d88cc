import { Box, Button, chakra, Field, Grid, HStack, Input, Link, Spinner, Stack, Text } from "@chakra-ui/react";
import { useId, useRef, useState, type FormEvent } from "react";
import { copyText } from "../../ui/copy-text.ts";
import { Section } from "../../ui/Section.tsx";
import { SectionHeader } from "../../ui/SectionHeader.tsx";
import { useSite } from "../../ui/site-context.ts";
import { showToast } from "../../ui/notify.ts";
import { FORM_OUTCOME_EVENT, type FormOutcome } from "../../analytics/events.ts";
import type { FormProps } from "./schema.ts";
import { mailAddress, mailtoUrl, openMailProgram, postForm, type PostOutcome } from "./submit.ts";

/**
 * One sign-up form for the whole site. The browser validates first. With an
 * action it posts there (natively without JavaScript; with it, in the background
 * with a toast that never says more than is known: see postForm), keeping every
 * value unless the sign-up arrived. Without one it opens the visitor's mail
 * program addressed to the firm, says so beforehand, and afterwards shows the
 * address for when no mail program opened.
 */
export function Form(props: FormProps) {
  const { id, tone = "plain", eyebrow, heading, intro, fields, consent, submitLabel, action, cors, mailSubject, success, failure } = props;
  const headingId = useId();
  const fieldId = useId();
  const { contact, forms } = useSite();
  const [sending, setSending] = useState(false);
  const busy = useRef(false);
  // The mailto: URL handed to the mail program, once the visitor has sent an email form.
  const [mailed, setMailed] = useState<string>();
  const mailAction = mailtoUrl(contact.email.href.href, mailSubject, []);
  const inline = fields.length === 1 && !consent;
  const paired = pairedNameFields(fields);
  const noteId = `${fieldId}-note`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // One post per press: a submit while the last one's outcome is still being shown is ignored.
    if (busy.current) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    // The rendered action attribute is the one source of where the form goes, with or without JavaScript. The form's
    // methods are called from their prototypes: a field named like one (reset, getAttribute) would stand in its place.
    const target = Element.prototype.getAttribute.call(form, "action") ?? "";
    if (!/^https?:/.test(target)) {
      const values = fields.map((field) => ({ label: field.label, value: String(data.get(field.name) ?? "") }));
      if (consent) values.push({ label: consent.label, value: data.get("consent") ? "yes" : "no" });
      const url = mailtoUrl(contact.email.href.href, mailSubject, values);
      setMailed(url);
      openMailProgram(url);
      reportOutcome(form, "email");
      return;
    }
    busy.current = true;
    setSending(true);
    try {
      const outcome = await postForm(target, data, { cors });
      const arrived = outcome === "sent" || outcome === "accepted";
      reportOutcome(form, arrived ? "sent" : outcome === "refused" ? "failed" : "no-answer");
      const message = messageFor(outcome);
      try {
        await showToast({ type: arrived ? "success" : "error", title: message.title, description: message.description });
      } finally {
        if (arrived) HTMLFormElement.prototype.reset.call(form);
      }
    } finally {
      // Free only once the outcome is shown and the form cleared: a press in between would post the same values again.
      busy.current = false;
      setSending(false);
    }
  }

  function messageFor(outcome: PostOutcome) {
    if (outcome === "sent" || outcome === "accepted") return success;
    // The schema requires failure whenever the endpoint's status is read (cors: true), the only way to be refused.
    if (outcome === "refused" && failure) return failure;
    return forms.noAnswer;
  }

  return (
    <Section id={id} tone={tone} labelledBy={heading ? headingId : undefined}>
      <Box maxW={inline ? "2xl" : "3xl"} mx="auto">
        <SectionHeader headingId={headingId} eyebrow={eyebrow} heading={heading} intro={intro} />
        <chakra.form
          action={action ? action.href : mailAction}
          method="post"
          encType={action ? undefined : "text/plain"}
          onSubmit={onSubmit}
          aria-labelledby={heading ? headingId : undefined}
          data-tone="plain"
          bg="bg"
          color="fg"
          p={{ base: "5", md: "8" }}
          borderRadius="2xl"
          borderWidth="1px"
          borderColor="border"
          shadow="sm"
        >
          <Stack gap={{ base: "4", md: "5" }}>
            {/* A single field sits beside its button; the button keeps its whole label and the field takes the rest. */}
            <Grid templateColumns={inline ? { base: "1fr", sm: "minmax(0, 1fr) auto" } : "repeat(2, minmax(0, 1fr))"} gap="4" alignItems="end">
              {fields.map((field) => (
                <Field.Root key={field.name} required={field.required} gridColumn={inline ? undefined : fieldColumns(field, paired)}>
                  <Field.Label fontWeight="semibold">
                    {field.label}
                    <Field.RequiredIndicator color="red.700" />
                  </Field.Label>
                  <Input name={field.name} type={field.type} autoComplete={field.autocomplete} size="lg" bg="bg" borderColor="border.control" />
                </Field.Root>
              ))}
              {inline && <SubmitButton label={submitLabel} sendingLabel={forms.sending} sending={sending} describedBy={action ? undefined : noteId} inline />}
            </Grid>
            {consent && (
              <Field.Root required={consent.required}>
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
                  <span>
                    {consent.label} <Field.RequiredIndicator color="red.700" />
                  </span>
                </chakra.label>
              </Field.Root>
            )}
            {!inline && <SubmitButton label={submitLabel} sendingLabel={forms.sending} sending={sending} describedBy={action ? undefined : noteId} />}
            {!action && (
              <Stack gap="3" fontSize="sm">
                <Text id={noteId} color="fg.muted">
                  {forms.mailNote}
                </Text>
                {/* Present from the start, so what is written into it once the form is sent is announced. */}
                <Box aria-live="polite">
                  {mailed && (
                    <MailFallback
                      text={forms.mailFallback}
                      address={mailAddress(contact.email.href.href)}
                      href={mailed}
                      copyLabel={forms.copyAddress}
                      copiedLabel={forms.addressCopied}
                    />
                  )}
                </Box>
              </Stack>
            )}
          </Stack>
        </chakra.form>
      </Box>
    </Section>
  );
}

/**
 * While sending, the button stays focusable (aria-disabled rather than disabled, so
 * focus stays where the visitor left it), says it is busy and shows the sending text.
 */
function SubmitButton(props: { label: string; sendingLabel: string; sending: boolean; describedBy?: string; inline?: boolean }) {
  const { label, sendingLabel, sending, describedBy, inline = false } = props;
  return (
    <Button
      type="submit"
      size="lg"
      colorPalette="navy"
      fontWeight="semibold"
      w={inline ? { base: "full", sm: "auto" } : "full"}
      aria-busy={sending || undefined}
      aria-disabled={sending || undefined}
      aria-describedby={describedBy}
    >
      {sending ? (
        <>
          <Spinner size="sm" borderWidth="0.125em" color="inherit" />
          {sendingLabel}
        </>
      ) : (
        label
      )}
    </Button>
  );
}

/** What to do when no mail program opened: the address as text and as a link, and a button that copies it. */
function MailFallback({
  text,
  address,
  href,
  copyLabel,
  copiedLabel,
}: {
  text: string;
  address: string;
  href: string;
  copyLabel: string;
  copiedLabel: string;
}) {
  const [copied, setCopied] = useState(false);
  const addressRef = useRef<HTMLAnchorElement>(null);
  const [before, ...after] = text.split("{email}");

  async function copy() {
    if (await copyText(address, addressRef.current)) setCopied(true);
  }

  return (
    <HStack gap="3" flexWrap="wrap" alignItems="center" bg="bg.muted" borderRadius="lg" px="4" py="3">
      <Text flex="1 1 16rem">
        {before}
        {after.map((rest, index) => (
          <span key={index}>
            <Link
              ref={index === 0 ? addressRef : undefined}
              href={href}
              fontWeight="semibold"
              color="navy.700"
              textDecoration="underline"
              wordBreak="break-all"
            >
              {address}
            </Link>
            {rest}
          </span>
        ))}
      </Text>
      <Button type="button" size="sm" variant="outline" colorPalette="navy" onClick={copy}>
        {copied ? copiedLabel : copyLabel}
      </Button>
    </HStack>
  );
}

/** Tells whoever listens (the site's analytics, when it has any) how a sending ended. */
function reportOutcome(form: HTMLFormElement, outcome: FormOutcome) {
  EventTarget.prototype.dispatchEvent.call(form, new CustomEvent(FORM_OUTCOME_EVENT, { bubbles: true, detail: { outcome } }));
}

type FormField = FormProps["fields"][number];

/**
 * A first name directly followed by a last name (by their autofill hints): the two fields that
 * share a row on phones too, as short as the names typed into them, saving a field's height.
 */
function pairedNameFields(fields: FormField[]): Set<FormField> {
  const paired = new Set<FormField>();
  fields.forEach((field, index) => {
    const next = fields[index + 1];
    if (field.autocomplete === "given-name" && next?.autocomplete === "family-name") {
      paired.add(field);
      paired.add(next);
    }
  });
  return paired;
}

/** A field's columns of two: on phones the whole row unless it is one of a name pair; wider, two to a row with email across both. */
function fieldColumns(field: FormField, paired: Set<FormField>) {
  return { base: paired.has(field) ? "auto" : "1 / -1", md: field.type === "email" ? "span 2" : "auto" };
}
