import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { cookieSecure, sessionSecret } from "~/utils/env.server";

/** remix-toast's default cookie is unsigned with a constant secret. */
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
