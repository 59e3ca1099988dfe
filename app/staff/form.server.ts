import { readFormBody } from "~/shared/form-body.server";

const REFUSED = {
  400: "400 Bad Request: the form could not be read.\n",
  413: "413 Payload Too Large: that is more than a staff form holds.\n",
  415: "415 Unsupported Media Type: send a form (urlencoded or multipart).\n",
} as const;

/** A staff action's form, through the one bounded reader: a body it refuses ends the request
 * there with its 4xx and a sentence (the page's error boundary shows it), before any work. */
export async function staffForm(request: Request): Promise<FormData> {
  const body = await readFormBody(request);
  if (body.ok) return body.form;
  throw new Response(REFUSED[body.status], {
    status: body.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
