import type { MetaFunction } from "@remix-run/node";
import { ServicePage } from "~/components/ServicePage";
import { serviceBySlug } from "~/content/services";
import { pageMeta } from "~/lib/meta";

const service = serviceBySlug("event-organization");

export const meta: MetaFunction = () => pageMeta(service.title, service.metaDescription);

export default function Route() {
  return <ServicePage service={service} />;
}
