import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ServicePage } from "~/components/ServicePage";
import { GALLERIES } from "~/content/galleries.server";
import { serviceBySlug } from "~/content/services";
import { serviceSeoMeta } from "~/lib/seo";

const service = serviceBySlug("vip-nightclub-experience");

export const meta: MetaFunction = ({ matches }) => serviceSeoMeta(matches, service);

export function loader() {
  return { images: GALLERIES[service.gallery] };
}

export default function Route() {
  const { images } = useLoaderData<typeof loader>();
  return <ServicePage service={service} images={images} />;
}
