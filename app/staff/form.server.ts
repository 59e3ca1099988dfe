import type { z } from "zod";
import { readFormBody } from "~/utils/form-body.server";

const REFUSED = {
  400: "400 Bad Request: the form could not be read.\n",
  413: "413 Payload Too Large: that is more than a staff form holds.\n",
  415: "415 Unsupported Media Type: send a form (urlencoded or multipart).\n",
} as const;

const refusal = (status: 400 | 413 | 415, sentence: string = REFUSED[status]) =>
  new Response(sentence, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/** A refused body ends the request with its 4xx and a sentence (the error boundary shows it), before any work. */
export async function staffForm(request: Request): Promise<FormData> {
  const body = await readFormBody(request);
  if (body.ok) return body.form;
  throw refusal(body.status);
}

/** For an action that does several things: one z.object per intent in a z.discriminatedUnion("intent", …). */
export async function staffFormAs<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  return parseStaffForm(await staffForm(request), schema);
}

/** Each field's first value, as `form.get` reads it. */
export function parseStaffForm<S extends z.ZodType>(form: FormData, schema: S): z.output<S> {
  const parsed = readForm(form, schema);
  if (parsed.ok) return parsed.value;
  throw refusal(400, `400 Bad Request: ${parsed.problem}\n`);
}

/** For an endpoint that answers a refusal its own way (the passkey ceremonies answer JSON). */
export function readForm<S extends z.ZodType>(
  form: FormData,
  schema: S,
): { ok: true; value: z.output<S> } | { ok: false; problem: string } {
  const fields: Record<string, FormDataEntryValue> = Object.create(null) as Record<string, FormDataEntryValue>;
  for (const [name, value] of form) if (!Object.hasOwn(fields, name)) fields[name] = value;
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, value: parsed.data };
  // The field's name is the schema's (never the client's text).
  const field = parsed.error.issues[0]?.path.join(".");
  return {
    ok: false,
    problem:
      field === "intent"
        ? "this form asks for something this page does not do."
        : `the form's ${field || "fields"} field is missing or not valid.`,
  };
}
