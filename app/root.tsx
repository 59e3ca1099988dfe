import {
  data,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
  useRouteError,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { Footer } from "~/components/Footer";
import { Header } from "~/components/Header";
import { ErrorPage } from "~/components/ErrorPage";
import { THEME_COLOR } from "~/content/seo";
import { BRAND } from "~/content/site";
import { LAYOUT } from "~/i18n/layout";
import { localeOfPath, type Locale } from "~/i18n/locale";
import { useLocale } from "~/i18n/use-locale";
import { Toast, toastKey } from "~/components/Toast";
import { PreviewBanner } from "~/components/PreviewBanner";
import { clearPreviewCookie } from "~/site/preview.server";
import { aboutOf, contactOf, serviceTitles } from "~/site/words.server";
import { env, siteUrl } from "~/utils/env.server";
import { NO_STORE } from "~/utils/cache-control.server";
import { getToast } from "~/utils/toast.server";
import { useInlineStyles } from "~/utils/inline-styles";
import { useNonce } from "~/utils/nonce";
import { skipLink } from "~/styles/ui.css";
import "~/styles/global.css";

const ICON_LINKS = [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/icons/favicon-32.png", type: "image/png", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export const links: LinksFunction = () => ICON_LINKS;

/** The head's links. In production the one stylesheet is inlined (entry.server.tsx reads it)
 * instead of linked, and the icons are written out: Remix's <Links> would add the stylesheet.
 * In the browser the text is the one the server sent (entry.client.tsx reads it back), so a
 * document React has to render afresh keeps its styles. */
function HeadLinks({ nonce }: { nonce?: string }) {
  const css = useInlineStyles();
  if (!import.meta.env.PROD) return <Links />;
  return (
    <>
      <style nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />
      {ICON_LINKS.map((link) => (
        <link key={link.href} {...link} />
      ))}
    </>
  );
}

/** Only error pages use the root's meta; every route sets its own title and description. */
export const meta: MetaFunction = ({ error, location }) => {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const t = LAYOUT[localeOfPath(location.pathname)].errors;
  return [{ title: `${notFound ? t.notFoundTitle : t.title} | ${BRAND}` }, { name: "robots", content: "noindex" }];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { toast, headers } = await getToast(request);
  // The owner previewing the draft: a page for them alone (the page cache never holds it).
  const { document, preview, ended } = await context.wiring.site.pageDocument(request);
  const locale = localeOfPath(new URL(request.url).pathname);
  // The owner's contact details and words (else env's and the shipped ones): header, footer, JSON-LD.
  const site = {
    contact: contactOf(document.words),
    titles: serviceTitles(document.words, locale),
    about: aboutOf(document.words, locale),
    siteUrl,
    beacon: env.VISIT_BEACON,
  };
  // Only a response that shows a toast touches the cookie (to clear it) and it is private; so is one that shows the
  // draft, and one that clears a preview cookie that shows nothing (the next request is a visitor's, from the cache).
  if (!toast && !preview && !ended) return { ...site, toast: null, preview };
  const answer = toast ? headers : new Headers();
  if (ended) answer.append("Set-Cookie", clearPreviewCookie());
  answer.set("Cache-Control", NO_STORE);
  return data({ ...site, toast, preview }, { headers: answer });
}

/** Forwards the loader's Set-Cookie and Cache-Control (set only with a toast) to the page. */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

type Handle = { hydrate?: boolean; staff?: boolean } | undefined;

/** The staff page being shown, when it is one: its language is the person's choice, not the
 * address's (app/staff/locale.server.ts), and it has its own frame and stylesheet. */
function useStaffPage(): { locale?: Locale } | undefined {
  const match = useMatches().find((m) => (m.handle as Handle)?.staff);
  return match ? { locale: (match.data as { locale?: Locale } | undefined)?.locale } : undefined;
}

/** The main content's last element: the page's first paint waits for it. */
const MAIN_END = "main-end";

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce() || undefined;
  const hydrate = useMatches().some((m) => (m.handle as Handle)?.hydrate);
  const staffPage = useStaffPage();
  const pageLocale = useLocale();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const locale = staffPage?.locale ?? pageLocale;
  if (staffPage)
    return (
      <html lang={locale}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <Meta />
          <link rel="stylesheet" href="/staff.css" />
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          {/* The staff area installs as an app of its own (alerts on iOS need the Home Screen). */}
          <link rel="manifest" href="/staff/app.webmanifest" />
          <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
          <meta name="theme-color" content={THEME_COLOR} />
          <meta name="apple-mobile-web-app-title" content="Staff" />
        </head>
        <body className="staff-body">
          {children}
          {hydrate ? (
            <>
              <HydrationMarker />
              <Scripts nonce={nonce} />
            </>
          ) : null}
        </body>
      </html>
    );
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        <Meta />
        {/* First drawn once the main content is parsed (the marker at its end): a parser that pauses (bytes late, a
            busy CPU) would draw half a header or hero whose parts move when the rest arrives. A page is one round
            trip's bytes (about 9 kB compressed), so this waits on parsing only. Browsers without it draw as before. */}
        <link rel="expect" href={`#${MAIN_END}`} blocking="render" />
        <HeadLinks nonce={nonce} />
      </head>
      <body>
        <a href="#main" className={skipLink}>
          {LAYOUT[locale].skipLink}
        </a>
        {rootData?.preview ? <PreviewBanner /> : null}
        <Header />
        <main id="main" tabIndex={-1}>
          {children}
          <span id={MAIN_END} hidden />
        </main>
        <Footer />
        {rootData?.beacon ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: BEACON }} /> : null}
        {hydrate ? (
          <>
            <HydrationMarker />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

/** Behind a CDN the origin sees no cached view: the page counts itself, once shown (decision 0046). */
const BEACON = `(function(){function s(){navigator.sendBeacon&&navigator.sendBeacon("/visit",JSON.stringify({u:location.href,r:document.referrer}))}document.prerendering?document.addEventListener("prerenderingchange",s,{once:true}):s()})()`;

/** Marks the document once React has hydrated it (tests wait for it; CSS may use it). */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      {/* One toast per answer of the loader that carried it: after a refused submission Remix
          does not run this loader again, and the last answer's toast must not come back. */}
      {toast ? <Toast key={toastKey(toast)} toast={toast} /> : null}
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const locale = useLocale();
  const t = LAYOUT[locale].errors;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage status={404} title={t.notFoundTitle} message={t.notFoundMessage} />;
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Details only in development: production answers never show internals.
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return <ErrorPage status={status} title={t.title} message={t.message} detail={detail} />;
}
