/** Any path no other route matches: a real 404, rendered by the root error boundary with
 * the site's header and footer. */
export function loader() {
  throw new Response("Not Found", { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
