import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ServicePage } from "~/components/ServicePage";
import { GALLERIES } from "~/content/galleries.server";
import { serviceAtPath, SERVICES } from "~/content/services";
import { serviceSeoMeta } from "~/utils/seo";

/** The three service pages (app/routes.ts mounts this module at each service's path). */
export function loader({ request }: LoaderFunctionArgs) {
  const service = serviceAtPath(new URL(request.url).pathname);
  if (!service) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return { slug: service.slug, images: GALLERIES[service.gallery] };
}

const serviceFor = (slug: string) => SERVICES.find((s) => s.slug === slug)!;

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  data ? serviceSeoMeta(matches, serviceFor(data.slug)) : [];

export default function Service() {
  const { slug, images } = useLoaderData<typeof loader>();
  return <ServicePage service={serviceFor(slug)} images={images} />;
}
