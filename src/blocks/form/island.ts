import { defineIsland } from "../island.ts";
import type { FormProps } from "./schema.ts";

export const island = defineIsland<FormProps>({ when: "visible", by: "hydrate", load: () => import("./Form.tsx").then((module) => module.Form) });
