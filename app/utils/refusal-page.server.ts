import { LAYOUT } from "~/i18n/layout";
import { pagePath } from "~/content/pages";
import { localeOfPath } from "~/i18n/locale";
import { currentContact } from "./env.server";

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** Answered before the body is read (Remix would refuse it with a 500); no script or style, it needs nothing of the build. */
export function crossSitePage(pathname: string): string {
  const locale = localeOfPath(pathname);
  const t = LAYOUT[locale].errors;
  const contact = pagePath("contact", locale);
  const contactDetails = currentContact();
  return `<!DOCTYPE html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(t.crossSiteTitle)}</title></head>
<body><main><p>${escape(t.label(403))}</p><h1>${escape(t.crossSiteTitle)}</h1><p>${escape(t.crossSiteMessage)}</p>
<p><a href="${contact}">${escape(LAYOUT[locale].contactUs)}</a></p>
<p>${escape(t.reachUs)} <a href="mailto:${escape(contactDetails.email)}">${escape(contactDetails.email)}</a> ${escape(t.or)} ${escape(contactDetails.phone)}.</p></main></body></html>
`;
}
