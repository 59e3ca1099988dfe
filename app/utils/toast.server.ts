import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { cookieSecure, sessionSecret } from "~/utils/env.server";

/** Toasts ride in a signed, HTTP-only flash cookie (remix-toast's own default cookie is
 * unsigned with a constant secret, so it gets our session storage instead). */
const toastSession = createCookieSessionStorage({
  cookie: {
    name: "toast",
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: cookieSecure,
    secrets: [sessionSecret],
  },
});

export const { redirectWithSuccess, getToast } = createToastUtilsWithCustomSession(toastSession);
