import { parseInboxFilter } from "~/store/inbox-filter.server";
import type { SqlStore as EnquiryStore } from "~/store/sql-store.server";

export const enquiry = (n: number, overrides: Partial<Parameters<EnquiryStore["store"]>[0]> = {}) => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  phone: `+385 91 000 ${String(n).padStart(4, "0")}`,
  category: "Concierge services",
  message: `Message number ${n}`,
  language: "en" as const,
  ...overrides,
});

export const filter = (query: string) => parseInboxFilter(new URLSearchParams(query));
export const text = async (stream: ReadableStream<Uint8Array>) =>
  new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
