/**
 * A form for one value, made from its JSON Schema (content/schema, from the zod schemas):
 * each field with its label, its description as help and the validator's problems at its
 * path, with the same code and message as npm run validate.
 */
import { Box, Button, Field, Fieldset, HStack, Input, NativeSelect, Stack, Text, Textarea } from "@chakra-ui/react";
import { useId } from "react";
import { formatPath, type PathSegment, type Problem } from "../../content/problems.ts";
import { FIELD_KINDS, isOfKind } from "../../content/field-kinds.ts";
import { branchFor, describeField, type JsonSchema } from "../../content/json-schema-lookup.ts";

export interface FormContext {
  problemsAt: (path: PathSegment[]) => Problem[];
  set: (path: PathSegment[], value: unknown, order?: string[]) => void;
  remove: (path: PathSegment[]) => void;
  insert: (path: PathSegment[], index: number, value: unknown) => void;
  move: (path: PathSegment[], from: number, to: number) => void;
  routes: string[];
  targets: string[];
  /** Every picture of the site (/images/<name>), offered by image fields. */
  images: string[];
  /** The tags a collection's items carry, offered by a section's choice of its items. */
  tagsOf: (collection: string) => string[];
}

const options = (schema: JsonSchema) => schema.anyOf ?? schema.oneOf;
const isLink = (schema: JsonSchema) => isOfKind(schema, FIELD_KINDS.link);
/** An amount (497) or a price's name (course): one field for both, a number typed becoming a number. */
const isPrice = (schema: JsonSchema) => isOfKind(schema, FIELD_KINDS.price);
const isImage = (schema: JsonSchema) => schema["x-field-kind"] === FIELD_KINDS.image || schema["x-field-kind"] === FIELD_KINDS.servedImage;
const label = (key: PathSegment) =>
  typeof key === "number"
    ? `Item ${key + 1}`
    : String(key)
        .replace(/([a-z])([A-Z])/g, "$1 $2")
        .replace(/^./, (first) => first.toUpperCase());

/** A new value a schema accepts, with its required fields filled in. */
export function defaultFor(schema: JsonSchema | undefined): unknown {
  if (!schema) return "";
  const alternatives = options(schema);
  if (alternatives && !schema.type) return defaultFor(alternatives.find((option) => option.type === "array" || option.type === "object") ?? alternatives[0]);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "object") {
    return Object.fromEntries((schema.required ?? []).map((key) => [key, defaultFor(schema.properties?.[key])]));
  }
  if (type === "array") return [defaultFor(schema.items)];
  if (type === "number" || type === "integer") return 0;
  if (type === "boolean") return false;
  return "";
}

function Problems({ problems, id }: { problems: Problem[]; id: string }) {
  if (!problems.length) return null;
  return (
    <Box id={id} data-problems role="alert">
      {problems.map((problem, index) => (
        <Text key={index} fontSize="sm" color={problem.severity === "error" ? "red.700" : "orange.800"} data-problem-code={problem.code}>
          <Text as="span" fontFamily="mono" fontWeight="bold">
            {problem.code}
          </Text>{" "}
          {problem.message}
          {` ${problem.hint}`}
        </Text>
      ))}
    </Box>
  );
}

/** The fields of an object, in the schema's order. */
export function ObjectFields({
  schema,
  value,
  path,
  context,
  skip = [],
}: {
  schema: JsonSchema;
  value: unknown;
  path: PathSegment[];
  context: FormContext;
  skip?: string[];
}) {
  const branch = branchFor(schema, value ?? {});
  const object = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  // A map of names the marketer chooses (targets, videos, translations): a field for each name written.
  const entries = !branch.properties && typeof branch.additionalProperties === "object" ? branch.additionalProperties : undefined;
  const properties = branch.properties ?? Object.fromEntries(Object.keys(entries ? object : {}).map((key) => [key, entries!]));
  const order = Object.keys(properties);
  return (
    <Stack gap="4">
      {order
        .filter((key) => !skip.includes(key) && properties[key]!.const === undefined)
        .map((key) => (
          <FieldFor
            key={key}
            name={key}
            schema={properties[key]!}
            value={object[key]}
            path={[...path, key]}
            required={entries !== undefined || (branch.required?.includes(key) ?? false)}
            order={order}
            context={context}
            // A section's items taken from a collection (from: press) are picked by one of its tags.
            suggestions={key === "tag" && typeof object.from === "string" ? context.tagsOf(object.from) : undefined}
          />
        ))}
    </Stack>
  );
}

function FieldFor({
  name,
  schema,
  value,
  path,
  required,
  order,
  context,
  suggestions,
}: {
  name: PathSegment;
  schema: JsonSchema;
  value: unknown;
  path: PathSegment[];
  required: boolean;
  order?: string[];
  context: FormContext;
  /** Values to offer as the field is typed in (the input's list), for a field of free text. */
  suggestions?: string[];
}) {
  const id = useId();
  const problems = context.problemsAt(path);
  const help = describeField(schema);
  const setText = (text: string, asNumber = false) => {
    if (text === "" && !required) context.remove(path);
    else if (asNumber && text.trim() !== "" && Number.isFinite(Number(text))) context.set(path, Number(text), order);
    else context.set(path, text, order);
  };
  const alternatives = options(schema);
  const list = alternatives?.find((option) => option.type === "array") ?? (schema.type === "array" ? schema : undefined);
  const collection = alternatives?.flatMap((option) => options(option) ?? [option]).find((option) => option.type === "string" && option.const !== undefined);

  if (list && collection && (typeof value === "string" || (value && typeof value === "object" && !Array.isArray(value)))) {
    // Taken from a shared collection: the collection, and which of its items.
    const reference = alternatives!.flatMap((option) => options(option) ?? [option]).find((option) => option.type === "object");
    return (
      <Fieldset.Root data-field={formatPath(path)}>
        <Fieldset.Legend fontWeight="semibold">{label(name)}</Fieldset.Legend>
        {help && (
          <Fieldset.HelperText fontSize="xs" color="fg.muted">
            {help}
          </Fieldset.HelperText>
        )}
        <Text fontSize="sm">Shared list: {String(collection.const)}</Text>
        {reference && typeof value === "object" && <ObjectFields schema={reference} value={value} path={path} context={context} />}
        <HStack>
          <Button size="sm" variant="outline" onClick={() => context.set(path, [defaultFor(list.items)])}>
            Write the items here instead
          </Button>
        </HStack>
        <Problems problems={problems} id={`${id}-problems`} />
      </Fieldset.Root>
    );
  }
  if (list) {
    const items = Array.isArray(value) ? value : [];
    const itemSchema = list.items ?? {};
    const itemIsObject = branchFor(itemSchema, {}).type === "object" || Boolean(branchFor(itemSchema, {}).properties);
    return (
      <Fieldset.Root data-field={formatPath(path)} borderWidth="1px" borderColor="border" borderRadius="md" p="3">
        <Fieldset.Legend fontWeight="semibold" px="1">
          {label(name)}
        </Fieldset.Legend>
        {help && (
          <Fieldset.HelperText fontSize="xs" color="fg.muted">
            {help}
          </Fieldset.HelperText>
        )}
        <Problems problems={problems} id={`${id}-problems`} />
        <Stack gap="3">
          {items.map((item, index) => (
            <Box key={index} borderLeftWidth="3px" borderColor="navy.200" pl="3">
              {itemIsObject ? (
                <Fieldset.Root>
                  <Fieldset.Legend fontSize="sm" fontWeight="semibold">
                    {label(name)} {index + 1}
                  </Fieldset.Legend>
                  <ObjectFields schema={itemSchema} value={item} path={[...path, index]} context={context} />
                </Fieldset.Root>
              ) : (
                <FieldFor name={`${label(name)} ${index + 1}`} schema={itemSchema} value={item} path={[...path, index]} required context={context} />
              )}
              <HStack mt="2" gap="2">
                <Button size="xs" variant="outline" disabled={index === 0} onClick={() => context.move(path, index, index - 1)}>
                  Move up
                  <Text srOnly>
                    {" "}
                    {label(name)} {index + 1}
                  </Text>
                </Button>
                <Button size="xs" variant="outline" disabled={index === items.length - 1} onClick={() => context.move(path, index, index + 1)}>
                  Move down
                  <Text srOnly>
                    {" "}
                    {label(name)} {index + 1}
                  </Text>
                </Button>
                <Button size="xs" variant="outline" colorPalette="red" onClick={() => context.remove([...path, index])}>
                  Remove
                  <Text srOnly>
                    {" "}
                    {label(name)} {index + 1}
                  </Text>
                </Button>
              </HStack>
            </Box>
          ))}
        </Stack>
        <HStack>
          <Button
            size="sm"
            variant="outline"
            onClick={() => (items.length ? context.insert(path, items.length, defaultFor(itemSchema)) : context.set(path, [defaultFor(itemSchema)], order))}
          >
            Add to {label(name).toLowerCase()}
          </Button>
          {collection && (
            <Button size="sm" variant="outline" onClick={() => context.set(path, collection.const, order)}>
              Use the shared list ({String(collection.const)})
            </Button>
          )}
        </HStack>
      </Fieldset.Root>
    );
  }

  const branch = branchFor(schema, value);
  if ((branch.type === "object" || branch.properties) && !isLink(schema)) {
    if (value === undefined && !required) {
      // Left out: one button to add it, rather than a form of empty fields.
      return (
        <Box data-field={formatPath(path)}>
          <Button size="sm" variant="outline" onClick={() => context.set(path, defaultFor(branch), order)}>
            Add {label(name).toLowerCase()}
          </Button>
          {help && (
            <Text fontSize="xs" color="fg.muted" mt="1">
              {help}
            </Text>
          )}
          <Problems problems={problems} id={`${id}-problems`} />
        </Box>
      );
    }
    return (
      <Fieldset.Root data-field={formatPath(path)} borderWidth="1px" borderColor="border" borderRadius="md" p="3">
        <Fieldset.Legend fontWeight="semibold" px="1">
          {label(name)}
        </Fieldset.Legend>
        {help && (
          <Fieldset.HelperText fontSize="xs" color="fg.muted">
            {help}
          </Fieldset.HelperText>
        )}
        <Problems problems={problems} id={`${id}-problems`} />
        <ObjectFields schema={branch} value={value} path={path} context={context} />
        {value !== undefined && !required && (
          <HStack>
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => context.remove(path)}>
              Remove {label(name).toLowerCase()}
            </Button>
          </HStack>
        )}
      </Fieldset.Root>
    );
  }

  const text = value === undefined || value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
  const describedBy = [help ? `${id}-help` : "", problems.length ? `${id}-problems` : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    "aria-describedby": describedBy,
    "aria-invalid": problems.some((p) => p.severity === "error") || undefined,
    "data-path": formatPath(path),
  };
  let control;
  const enumValues = branch.enum ?? alternatives?.flatMap((option) => option.enum ?? []);
  if (isLink(schema)) {
    const listId = `${id}-targets`;
    control = (
      <HStack align="start" gap="2">
        <Input {...common} size="sm" value={text} list={listId} onChange={(event) => setText(event.target.value)} flex="1" />
        <datalist id={listId}>
          {[...context.routes, ...context.targets].map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
        <NativeSelect.Root size="sm" width="44">
          <NativeSelect.Field
            aria-label={`Pick where ${label(name).toLowerCase()} goes`}
            value=""
            onChange={(event) => {
              if (event.target.value) context.set(path, event.target.value, order);
            }}
          >
            <option value="">Pick a page or target…</option>
            <optgroup label="Pages">
              {context.routes.map((route) => (
                <option key={route} value={route}>
                  {route}
                </option>
              ))}
            </optgroup>
            <optgroup label="Named targets (site.yaml)">
              {context.targets.map((target) => (
                <option key={target} value={target}>
                  {target}
                </option>
              ))}
            </optgroup>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
    );
  } else if (enumValues?.length) {
    control = (
      <NativeSelect.Root size="sm">
        <NativeSelect.Field {...common} value={text} onChange={(event) => setText(event.target.value)}>
          {!required && <option value="">(not set)</option>}
          {enumValues.map((option) => (
            <option key={String(option)} value={String(option)}>
              {String(option)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    );
  } else if (isPrice(schema)) {
    control = <Input {...common} size="sm" value={text} onChange={(event) => setText(event.target.value, true)} />;
  } else if (branch.type === "boolean") {
    control = (
      <input
        {...common}
        type="checkbox"
        checked={value === true}
        onChange={(event) => (event.target.checked ? context.set(path, true, order) : required ? context.set(path, false) : context.remove(path))}
      />
    );
  } else if (branch.type === "number" || branch.type === "integer") {
    control = <Input {...common} size="sm" type="number" value={text} onChange={(event) => setText(event.target.value, true)} />;
  } else if (text.length > 70 || text.includes("\n") || /^(lead|intro|description|body|answer|text|quote|note)$/.test(String(name))) {
    control = <Textarea {...common} size="sm" autoresize value={text} onChange={(event) => setText(event.target.value)} />;
  } else {
    const offered = isImage(schema) ? context.images : suggestions;
    const listId = `${id}-suggestions`;
    control = (
      <>
        <Input {...common} size="sm" value={text} list={offered?.length ? listId : undefined} onChange={(event) => setText(event.target.value)} />
        {offered?.length ? (
          <datalist id={listId} data-suggestions>
            {offered.map((option) => (
              <option key={option} value={option} />
            ))}
          </datalist>
        ) : null}
      </>
    );
  }
  return (
    <Field.Root invalid={problems.some((p) => p.severity === "error")} required={required} data-field={formatPath(path)}>
      <Field.Label htmlFor={id}>
        {label(name)}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {control}
      {help && (
        <Text id={`${id}-help`} fontSize="xs" color="fg.muted">
          {help}
        </Text>
      )}
      <Problems problems={problems} id={`${id}-problems`} />
    </Field.Root>
  );
}
