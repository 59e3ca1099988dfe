import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { StaffMember } from "~/staff/session.server";

// The staff routes' own loaders and actions, called as Remix calls them. The layout's loader
// (routes/staff.tsx) protects nothing: Remix runs a child's loader beside it and a child's action
// without it, so each child must refuse a request without a session itself.

let dir: string;
let wiring: AppLoadContext["wiring"];
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "staff-routes-"));
  vi.stubEnv("DATABASE_URL", `file:${path.join(dir, "site.db")}`);
  vi.stubEnv("SESSION_SECRET", "unit-test-session-secret-0123456789abcdef");
  vi.resetModules();
  wiring = (await import("../../tests/support/wiring")).testWiring();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

type Loader = (args: LoaderFunctionArgs) => unknown;
type Action = (args: ActionFunctionArgs) => unknown;
type RouteModule = { loader?: Loader; action?: Action };

const member = (role: "owner" | "staff"): StaffMember => ({
  id: `m-${role}`,
  email: `${role}@example.com`,
  role,
  siteEditor: role === "owner",
  session: "s",
});

const context = (staff?: StaffMember): AppLoadContext => ({
  wiring,
  clientAddress: "10.0.0.1",
  requestId: "test",
  staff,
});

const post = (url: string, fields: Record<string, string>) =>
  new Request(url, {
    method: "POST",
    headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

/** What a loader or action threw (Remix sends a thrown Response as it is). */
async function thrown(work: () => unknown): Promise<Response> {
  try {
    await work();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("nothing was thrown");
}

const routes = {
  "staff._index": "/staff",
  "staff.account": "/staff/account",
  "staff.audit": "/staff/audit",
  "staff.inbox._index": "/staff/inbox",
  "staff.inbox.$id": "/staff/inbox/00000000-0000-4000-8000-000000000000",
  "staff.inbox.needs-reply": "/staff/inbox/needs-reply",
  "staff.inbox.upcoming": "/staff/inbox/upcoming",
  "staff.inbox.export": "/staff/inbox/export?format=csv",
  "staff.inbox.subject": "/staff/inbox/subject?email=ana%40example.com",
  "staff.inbox.subject.download": "/staff/inbox/subject/download?email=ana%40example.com",
  "staff.people": "/staff/people",
  "staff.sign-out": "/staff/sign-out",
  "staff.site.links": "/staff/site/links?source=instagram",
} as const;
const OWNERS_ONLY = [
  "staff.audit",
  "staff.inbox.export",
  "staff.inbox.subject",
  "staff.inbox.subject.download",
  "staff.people",
  "staff.site.links",
];

// Each a body its action would otherwise act on.
const BODIES: Partial<Record<keyof typeof routes, Record<string, string>>> = {
  "staff.account": { passkey: "p" },
  "staff.inbox.$id": { intent: "follow-up", state: "done" },
  "staff.inbox.subject": { email: "ana@example.com", confirm: "ana@example.com" },
  "staff.people": { intent: "remove", email: "owner@example.com" },
  "staff.sign-out": { scope: "everywhere" },
};

const MODULES: Record<keyof typeof routes, () => Promise<RouteModule>> = {
  "staff._index": () => import("./staff._index"),
  "staff.account": () => import("./staff.account"),
  "staff.audit": () => import("./staff.audit"),
  "staff.inbox._index": () => import("./staff.inbox._index"),
  "staff.inbox.$id": () => import("./staff.inbox.$id"),
  "staff.inbox.needs-reply": () => import("./staff.inbox.needs-reply"),
  "staff.inbox.upcoming": () => import("./staff.inbox.upcoming"),
  "staff.inbox.export": () => import("./staff.inbox.export"),
  "staff.inbox.subject": () => import("./staff.inbox.subject"),
  "staff.inbox.subject.download": () => import("./staff.inbox.subject.download"),
  "staff.people": () => import("./staff.people"),
  "staff.sign-out": () => import("./staff.sign-out"),
  "staff.site.links": () => import("./staff.site.links"),
};
const load = (name: keyof typeof routes) => MODULES[name]();
const params = { id: "00000000-0000-4000-8000-000000000000" };

describe("the staff layout and its children", () => {
  it("the layout's loader needs no session: the language alone, and no one on the open pages", async () => {
    const { loader } = (await import("./staff")) as { loader: Loader };
    const frame = (url: string, staff?: StaffMember, language = "hr") =>
      loader({
        request: new Request(url, { headers: { "accept-language": language } }),
        context: context(staff),
        params: {},
      });
    expect(await frame("http://localhost/staff/sign-in")).toEqual({ locale: "hr", staff: undefined });
    expect(await frame("http://localhost/staff/invitation?token=x", member("owner"), "en")).toEqual({
      locale: "en",
      staff: undefined,
    });
    // A signed-in person's frame also carries the navigation's badge: how many wait for a reply.
    expect(await frame("http://localhost/staff/inbox", member("staff"))).toEqual({
      locale: "hr",
      staff: { email: "staff@example.com", role: "staff", siteEditor: false },
      waiting: expect.any(Number),
    });
  });

  for (const [name, url] of Object.entries(routes) as [keyof typeof routes, string][]) {
    it(`${name}: its loader and action refuse a request without a session, sent to sign in`, async () => {
      const route = await load(name);
      const kinds: [string, () => unknown][] = [];
      if (route.action)
        kinds.push([
          "action",
          () =>
            route.action!({ request: post(`http://localhost${url}`, BODIES[name] ?? {}), context: context(), params }),
        ]);
      if (route.loader && name !== "staff.sign-out")
        kinds.push([
          "loader",
          () => route.loader!({ request: new Request(`http://localhost${url}`), context: context(), params }),
        ]);
      expect(kinds.length).toBeGreaterThan(0);
      for (const [kind, call] of kinds) {
        const refused = await thrown(call);
        expect(refused.status, kind).toBe(303);
        expect(refused.headers.get("location"), kind).toBe(
          `/staff/sign-in?next=${encodeURIComponent(new URL(url, "http://localhost").pathname + new URL(url, "http://localhost").search)}`,
        );
      }
    });
  }

  for (const name of OWNERS_ONLY as (keyof typeof routes)[])
    it(`${name}: an owner's page refuses other staff with 403`, async () => {
      const route = await load(name);
      const url = `http://localhost${routes[name]}`;
      expect(
        (await thrown(() => route.loader!({ request: new Request(url), context: context(member("staff")), params })))
          .status,
      ).toBe(403);
      if (route.action)
        expect(
          (
            await thrown(() =>
              route.action!({ request: post(url, BODIES[name] ?? {}), context: context(member("staff")), params }),
            )
          ).status,
        ).toBe(403);
    });

  it("an unknown intent, a missing one or a malformed field answers 400 with a sentence, before any work", async () => {
    const people = await load("staff.people");
    const enquiry = await load("staff.inbox.$id");
    const owner = context(member("owner"));
    const asks: [RouteModule, Record<string, string>, RegExp][] = [
      [people, { intent: "promote", email: "ana@example.com" }, /does not do/],
      [people, { email: "ana@example.com" }, /does not do/],
      [people, { intent: "invite", email: "ana@example.com", owner: "yes" }, /owner field/],
      [people, { intent: "remove-passkey", email: "ana@example.com" }, /passkey field/],
      [enquiry, { intent: "follow-up", state: "lost" }, /state field/],
      [enquiry, { intent: "retry", channel: "x".repeat(41) }, /channel field/],
      [enquiry, { intent: "erase" }, /confirm field/],
      [enquiry, { intent: "__proto__" }, /does not do/],
    ];
    for (const [route, fields, sentence] of asks) {
      const refused = await thrown(() =>
        route.action!({ request: post("http://localhost/staff/people", fields), context: owner, params }),
      );
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(await refused.text()).toMatch(sentence);
    }
  });

  it("the campaign link builder answers its GET form with the link, or what is wrong with each field", async () => {
    const { loader } = await load("staff.site.links");
    const ask = async (query: string) =>
      (await loader!({
        request: new Request(`http://localhost/staff/site/links?${query}`),
        context: context(member("owner")),
        params,
      })) as { answer?: { ok: boolean; url?: string; problems?: Record<string, string> } };
    expect((await ask("")).answer).toBeUndefined();
    const built = await ask("page=%2Fhr%2Fcontact&source=Instagram&medium=&campaign=Summer+VIP");
    expect(built.answer?.url).toBe("http://localhost:3000/hr/contact?utm_source=instagram&utm_campaign=summer-vip");
    const refused = await ask("page=%2Fnowhere&source=&medium=a%3Cb&campaign=x");
    expect(refused.answer).toEqual({
      ok: false,
      problems: { page: "empty", source: "empty", medium: "characters" },
    });
  });

  it("the passkey endpoint answers an unknown intent or a credential that is not one with its JSON 400", async () => {
    const { action } = (await import("./staff.passkey")) as { action: Action };
    const asks: Record<string, string>[] = [
      { intent: "sign-out" },
      {},
      { intent: "sign-in", response: "not json" },
      { intent: "register", token: "t", response: JSON.stringify({ id: 1, response: {} }) },
    ];
    for (const fields of asks) {
      const answer = (await action({
        request: post("http://localhost/staff/passkey", fields),
        context: context(),
        params: {},
      })) as Response;
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(await answer.json()).toEqual({ error: "bad-request" });
    }
  });
});
