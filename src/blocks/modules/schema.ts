import { z } from "zod";
import { countLabel, blockSchema, sectionHeader, template, text } from "../../content/fields.ts";

export const courseModuleSchema = z
  .strictObject({
    title: text("The module's title."),
    description: text("What the module covers, in a sentence.").optional(),
    lessons: z.number().int().positive().max(1000).meta({ description: "How many lessons the module has: 8." }),
    hours: z.number().positive().max(1000).meta({ description: "How long the module runs, in hours: 2.5." }),
  })
  .meta({ title: "Course module" });

export const modulesSchema = blockSchema(
  "modules",
  {
    title: "Course modules",
    description:
      "A course's modules in order, each with its lessons and hours, and the course total computed from them (never typed). Counts read in the singular or plural as the number needs.",
  },
  {
    ...sectionHeader(),
    label: template("A label over each module, like Module {number}.", ["number"], ["number"]).optional(),
    moduleCount: countLabel("How a number of modules reads: { one: {count} module, other: {count} modules }."),
    lessonCount: countLabel("How a number of lessons reads: { one: {count} lesson, other: {count} lessons }."),
    hourCount: countLabel("How a number of hours reads: { one: {count} hour, other: {count} hours }."),
    items: z.array(courseModuleSchema).min(1).max(40),
    totalLabel: template(
      "The course total, computed from the modules, like Course total: {modules}, {lessons}, {hours}. Each placeholder reads with its count label.",
      ["modules", "lessons", "hours"],
    ),
  },
);

export type ModulesProps = z.output<typeof modulesSchema>;
