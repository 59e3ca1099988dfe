import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import type { SiteText } from "~/i18n/site";
import { STAFF_PATHS } from "../paths";
import { useHydrated } from "~/utils/use-hydrated";

type Props = { t: SiteText; gallery: string; maxFiles: number; maxMb: number };
type Fault = keyof SiteText["fault"];
type Outcome =
  | { kind: "added" }
  | { kind: "refused"; refusal: string }
  | { kind: "ended"; why: keyof SiteText["notAdded"] }
  | { kind: "fault"; fault: Fault };
type Sent = {
  file: File;
  key: string;
  loaded: number;
  total: number;
  retrying?: string;
  result?: string;
  failed?: boolean;
  again?: boolean;
};
type Answer = { added?: number; refused?: { fileName: string; refusal: string }[]; error?: string };

// Tries after the first, and the pause before each: a moment, then longer, as a phone's Wi-Fi comes back.
const BACKOFF_MS = [1_000, 4_000, 10_000];
// Nothing moved this long while sending (the server ends its side at 20 s and says so; this is for when its answer
// cannot arrive either), or no answer this long after the last byte.
const IDLE_MS = 45_000;
const ANSWER_MS = 60_000;
// Under this, averaged over at least MEASURED_MS, a lost connection is named slow rather than interrupted.
const SLOW_BYTES_PER_SECOND = 8 * 1024;
const MEASURED_MS = 10_000;

/** A plain multipart form works without JavaScript. With it, the chosen photos are listed, then sent one at a time
 * (a slow link's whole rate goes to one photo), each in its own request with a progress bar and a key of its own: a
 * network fault, a stall or a slow link sends just that photo again, a few times, and the server answers a repeat of
 * one it already took with the first answer (docs/decisions/0042-slow-uploads.md). */
export function UploadForm({ t, gallery, maxFiles, maxMb }: Props) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<File[]>([]);
  const [sent, setSent] = useState<Sent[]>([]);
  const list = useRef<Sent[]>([]);
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(0);

  // Leaving (or a refresh of the page) would stop what is being sent: the browser asks first.
  useEffect(() => {
    if (!busy) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [busy]);

  const update = (i: number, change: Partial<Sent>) => {
    list.current = list.current.map((s, n) => (n === i ? { ...s, ...change } : s));
    setSent(list.current);
  };

  /** While work is under way, leaving asks first and a second batch waits. */
  const holding = async (work: () => Promise<void>) => {
    setBusy((n) => n + 1);
    try {
      await work();
    } finally {
      setBusy((n) => n - 1);
    }
  };

  const sendOne = async (i: number) => {
    const { file, key } = list.current[i]!;
    update(i, { result: undefined, failed: false, again: false, retrying: undefined, loaded: 0 });
    for (let tries = 0; ; tries++) {
      const outcome = await attempt(file, key, gallery, (loaded, total) => update(i, { loaded, total }));
      if (outcome.kind === "fault" && tries < BACKOFF_MS.length) {
        update(i, { loaded: 0, retrying: t.retrying(t.fault[outcome.fault], tries + 1, BACKOFF_MS.length) });
        await new Promise((resolve) => setTimeout(resolve, BACKOFF_MS[tries]));
        continue;
      }
      update(i, { retrying: undefined, ...said(t, file.name, outcome) });
      return;
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => setChosen([...(event.currentTarget.files ?? [])]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem("photos") as HTMLInputElement;
    const files = [...(input.files ?? [])];
    if (!hydrated || !files.length || typeof XMLHttpRequest === "undefined") return;
    event.preventDefault();
    if (busy) return;
    list.current = files.map((file) => ({ file, key: randomKey(), loaded: 0, total: file.size }));
    setSent(list.current);
    input.value = "";
    setChosen([]);
    void holding(async () => {
      for (let i = 0; i < files.length; i++) await sendOne(i);
    }).then(revalidate);
  };

  const again = (i: number) => void holding(() => sendOne(i)).then(revalidate);

  return (
    <form
      id="upload"
      method="post"
      action={STAFF_PATHS.siteUpload}
      encType="multipart/form-data"
      className="staff-form"
      onSubmit={onSubmit}
    >
      <input type="hidden" name="gallery" value={gallery} />
      {/* Hidden from sight only: it keeps the focus and the keyboard, and its label is the target. */}
      <input
        id="photos"
        name="photos"
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp,image/avif"
        aria-describedby="photos-hint"
        className="staff-visually-hidden site-picker-input"
        onChange={onChange}
        required
      />
      <label htmlFor="photos" className="site-picker">
        <span aria-hidden="true" className="site-picker-plus">
          +
        </span>
        {t.add}
      </label>
      {hydrated ? null : <p className="site-picker-done">{t.chosenNoScript}</p>}
      <p className="staff-hint" id="photos-hint">
        {t.addHint(maxFiles, maxMb)}
      </p>
      {chosen.length ? (
        <div className="site-chosen" aria-live="polite">
          <p>{t.chosen(chosen.length)}</p>
          <ul>
            {chosen.map((f, i) => (
              <li key={i}>
                <bdi>{f.name}</bdi> <span className="staff-hint">{t.fileSize(f.size)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {/* One batch at a time: a second would share the link with the first. */}
      <button type="submit" className="staff-button" disabled={busy > 0}>
        {t.upload}
      </button>
      {sent.length ? (
        <ul className="site-progress" aria-live="polite">
          {sent.map((s, i) => (
            <li key={s.key}>
              <label>
                {t.uploading(s.file.name)}
                <progress max={s.total || 1} value={s.loaded} />
              </label>
              {s.retrying ? <span className="site-retrying">{s.retrying}</span> : null}
              {s.result ? <span className={s.failed ? "staff-error" : "staff-hint"}>{s.result}</span> : null}
              {s.again ? (
                <button
                  type="button"
                  className="staff-button staff-button-quiet staff-button-small"
                  aria-label={t.tryAgainLabel(s.file.name)}
                  onClick={() => again(i)}
                >
                  {t.tryAgain}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}

/** What the owner reads about one photo, in the page's language: added, refused and why, or what stopped it. */
function said(t: SiteText, name: string, outcome: Outcome): Partial<Sent> {
  switch (outcome.kind) {
    case "added":
      return { loaded: 1, total: 1, result: t.uploadedOk(1) };
    case "refused": {
      const why = t.refusal[outcome.refusal as keyof SiteText["refusal"]] ?? t.refusal.unknown;
      return { failed: true, result: t.refusedFile(name, why) };
    }
    case "ended":
      return { failed: true, result: t.notAdded[outcome.why] };
    case "fault":
      return { failed: true, again: true, result: t.notAdded[outcome.fault] };
  }
}

function randomKey(): string {
  // getRandomValues, unlike randomUUID, works on a plain-HTTP address too.
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** One request for one photo, judged from its answer (or from its lack of one). */
function attempt(
  file: File,
  key: string,
  gallery: string,
  progress: (loaded: number, total: number) => void,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const started = Date.now();
    let loaded = 0;
    let stuck: Fault | undefined;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const arm = (ms: number) => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        stuck = "stalled";
        xhr.abort();
      }, ms);
    };
    xhr.open("POST", STAFF_PATHS.siteUpload);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Idempotency-Key", key);
    xhr.upload.onprogress = (e) => {
      loaded = e.loaded;
      const total = e.total || file.size;
      progress(e.loaded, total);
      arm(e.loaded >= total ? ANSWER_MS : IDLE_MS);
    };
    xhr.onloadend = () => {
      clearTimeout(watchdog);
      const ms = Date.now() - started;
      const slow = ms >= MEASURED_MS && (loaded * 1000) / ms < SLOW_BYTES_PER_SECOND;
      resolve(judge(xhr, stuck ?? (slow ? "slow" : "interrupted")));
    };
    const form = new FormData();
    form.append("gallery", gallery);
    form.append("photos", file, file.name);
    arm(IDLE_MS);
    xhr.send(form);
  });
}

function judge(xhr: XMLHttpRequest, lost: Fault): Outcome {
  const status = xhr.status;
  if (status === 0) return { kind: "fault", fault: lost };
  let answer: Answer = {};
  try {
    answer = JSON.parse(xhr.responseText) as Answer;
  } catch {
    /* a page (a proxy's, the guard's): its status says enough */
  }
  const refusal = answer.refused?.[0]?.refusal;
  if (answer.added) return { kind: "added" };
  if (refusal) return { kind: "refused", refusal };
  if (status === 408) return { kind: "fault", fault: answer.error === "slow" ? "slow" : "stalled" };
  if (status === 413) return { kind: "refused", refusal: "too-large" };
  if (status === 401 || status === 403) return { kind: "ended", why: "session" };
  if (status === 429 || status >= 500) return { kind: "fault", fault: "server" };
  return { kind: "ended", why: "unreadable" };
}
