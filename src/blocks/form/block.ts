import { defineBlock } from "../define.ts";
import { island } from "./island.ts";
import { formSchema } from "./schema.ts";

export const block = defineBlock({
  schema: formSchema,
  island,
  // A form that posts to a provider: the page's policy lets it send there.
  policy: (form) => ({ formOrigins: form.action ? [new URL(form.action.href).origin] : [] }),
});
