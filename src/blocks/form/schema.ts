import { z } from "zod";
import { blockSchema, externalUrl, sectionHeader, text, track } from "../../content/fields.ts";
import { FORM_PROPERTY_NAMES } from "./reserved-names.ts";

/** What to call a field instead of a name the form itself uses: the usual ones by their meaning. */
const RENAMED: Record<string, string> = { name: "full_name", title: "job_title", id: "member_id", reset: "reset_date", target: "target_date" };

const field = z
  .strictObject({
    name: z
      .string()
      .regex(/^[a-zA-Z][a-zA-Z0-9_]*$/, { message: "Expected a field name like email or firstName: letters, digits and _." })
      .superRefine((name, ctx) => {
        if (!FORM_PROPERTY_NAMES.has(name)) return;
        ctx.addIssue({
          code: "custom",
          message: `"${name}" is a name the browser's form already uses for itself: a field called that hides it, and sending can break.`,
          params: {
            code: "reserved-field-name",
            hint: `Rename the field, like ${name} → ${RENAMED[name] ?? `${name}_field`}; use a name your form provider accepts, since it receives the value under that name.`,
          },
          input: name,
        });
      })
      .meta({ description: "The name the value is sent under." }),
    label: text("The field's label."),
    type: z.enum(["text", "email", "tel"]).meta({ description: "text, email or tel." }),
    required: z.boolean().optional().meta({ description: "true to require the field; its label gets a required marker." }),
    autocomplete: z
      .string()
      .regex(/^[a-z-]+$/)
      .optional()
      .meta({ description: "The browser autofill hint, like given-name, family-name, tel or email." }),
  })
  .meta({ title: "Form field" });

const message = z.strictObject({ title: text("The toast's title."), description: text("The toast's text.").optional() });

export const formSchema = blockSchema(
  "form",
  {
    title: "Form",
    description:
      "An email sign-up form. With an action (an https: endpoint, such as a mailing-list provider's form URL) it posts there and shows a toast once the endpoint has answered; without one, submitting opens the visitor's mail program addressed to the contact email in content/site.yaml. The texts every form shares (the button while sending, the toast when the endpoint does not answer, the notes of an email form) are under forms: in content/site.yaml.",
  },
  {
    ...sectionHeader(),
    fields: z.array(field).min(1).max(8),
    consent: z
      .strictObject({
        label: text("The consent text."),
        required: z.boolean().optional().meta({
          description: "true to require ticking it before sending; it then gets the required marker, like a required field. Leave out to keep it optional.",
        }),
      })
      .optional()
      .meta({ description: "A consent checkbox under the fields." }),
    submitLabel: text("The button's text, like Join Now or Subscribe."),
    action: externalUrl()
      .refine((link) => link.href.startsWith("https:"), {
        message: "A form's action must be an https: URL.",
        params: { code: "link-scheme", hint: "Use the form endpoint your mailing-list provider gives you; leave action out to send sign-ups by email." },
      })
      .optional()
      .meta({ description: "Where the form posts (https:). Leave out to send by email instead." }),
    cors: z.boolean().optional().meta({
      description:
        "true only if the action's endpoint answers cross-origin requests from this site (sends an Access-Control-Allow-Origin header): the form then reads its answer and shows success or failure. Leave out for a provider's plain form URL: the form shows success once the endpoint has answered, since it cannot read the answer.",
    }),
    mailSubject: text("Subject of the email when there is no action.").optional(),
    track: track("sending the form"),
    success: message.meta({
      description:
        "The toast once the endpoint has the sign-up (with an action): it answered, or with cors: true answered with success. The form is then cleared. Word it as received, like You're on the list.",
    }),
    failure: message.optional().meta({
      description: "With cors: true: the toast when the endpoint answers with an error (the typed values are kept). Required with cors: true; unused without.",
    }),
  },
).superRefine((form, ctx) => {
  if (form.cors && !form.action)
    ctx.addIssue({
      code: "custom",
      path: ["cors"],
      message: "cors: true describes the action's endpoint, and this form has no action.",
      params: { code: "invalid-combination", hint: "Add the action, or remove cors." },
    });
  if (form.cors && !form.failure)
    ctx.addIssue({
      code: "custom",
      path: ["failure"],
      message: "A form with cors: true shows a failure toast when the endpoint answers with an error: write it.",
      params: { code: "missing-field", hint: "Add failure: with a title (and a description), like title: We couldn't sign you up." },
    });
  const names = form.fields.map((f) => f.name);
  names.forEach((name, index) => {
    if (names.indexOf(name) !== index)
      ctx.addIssue({
        code: "custom",
        path: ["fields", index, "name"],
        message: `Two fields are named "${name}".`,
        params: { code: "duplicate-name", hint: "Give each field its own name." },
      });
  });
});

export type FormProps = z.output<typeof formSchema>;
