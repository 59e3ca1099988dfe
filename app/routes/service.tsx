import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ServicePage } from "~/components/ServicePage";
import { serviceWords } from "~/site/words.server";
import { serviceAtPath } from "~/content/services";
import { localeOfPath } from "~/i18n/locale";
import { serviceSeoMeta } from "~/utils/service-seo";

/** The three service pages, in every language (app/routes.ts mounts this module at each). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  const service = serviceAtPath(pathname);
  if (!service) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const locale = localeOfPath(pathname);
  const page = await context.wiring.site.pageDocument(request);
  const images = await context.wiring.site.pageGallery(page, service.gallery, locale);
  return { slug: service.slug, images, words: serviceWords(page.document.words, service.slug, locale) };
}

export const meta: MetaFunction<typeof loader> = ({ matches, data, location }) =>
  data ? serviceSeoMeta(matches, data.slug, localeOfPath(location.pathname), data.words) : [];

export default function Service() {
  const { slug, images, words } = useLoaderData<typeof loader>();
  return <ServicePage slug={slug} images={images} words={words} />;
}
