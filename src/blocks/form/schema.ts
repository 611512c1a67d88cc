import { z } from "zod";
import { defineBlock, externalUrl, sectionHeader, text } from "../../content/fields.ts";

const field = z
  .strictObject({
    name: z
      .string()
      .regex(/^[a-zA-Z][a-zA-Z0-9_]*$/, { message: "Expected a field name like email or firstName: letters, digits and _." })
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

export const formSchema = defineBlock(
  "form",
  {
    title: "Form",
    description:
      "An email sign-up form. With an action (an https: endpoint, such as a mailing-list provider's form URL) it posts there and shows a toast; without one, submitting opens the visitor's mail program addressed to the contact email in content/site.yaml.",
  },
  {
    ...sectionHeader(),
    fields: z.array(field).min(1).max(8),
    consent: z
      .strictObject({ label: text("The consent text."), required: z.boolean().optional() })
      .optional()
      .meta({ description: "A consent checkbox under the fields." }),
    submitLabel: text("The button's text, like Join Now or Subscribe."),
    action: externalUrl()
      .refine((link) => link.href.startsWith("https:"), {
        message: "A form's action must be an https: URL.",
        params: { hint: "Use the form endpoint your mailing-list provider gives you; leave action out to send sign-ups by email." },
      })
      .optional()
      .meta({ description: "Where the form posts (https:). Leave out to send by email instead." }),
    mailSubject: text("Subject of the email when there is no action.").optional(),
    success: message.meta({ description: "The toast after a successful post (used once the form has an action)." }),
    failure: message.meta({ description: "The toast when the post fails; the typed values are kept." }),
  },
).superRefine((form, ctx) => {
  const names = form.fields.map((f) => f.name);
  names.forEach((name, index) => {
    if (names.indexOf(name) !== index)
      ctx.addIssue({
        code: "custom",
        path: ["fields", index, "name"],
        message: `Two fields are named "${name}".`,
        params: { hint: "Give each field its own name." },
      });
  });
});

export type FormProps = z.output<typeof formSchema>;
