import { useRevalidator } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import type { SiteText } from "~/i18n/site";
import { STAFF_PATHS } from "../paths";
import { useHydrated } from "~/utils/use-hydrated";

type Props = { t: SiteText; gallery: string; maxFiles: number; maxMb: number };
type Sent = { name: string; loaded: number; total: number; result?: string; failed?: boolean };
type Answer = { added?: number; refused?: { fileName: string; refusal: keyof SiteText["refusal"] }[]; error?: string };

/** A plain multipart form works without JavaScript; with it, each file goes in its own request, with a progress bar. */
export function UploadForm({ t, gallery, maxFiles, maxMb }: Props) {
  const hydrated = useHydrated();
  const [sent, setSent] = useState<Sent[]>([]);
  const { revalidate } = useRevalidator();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem("photos") as HTMLInputElement;
    const files = [...(input.files ?? [])];
    if (!hydrated || !files.length || typeof XMLHttpRequest === "undefined") return;
    event.preventDefault();
    setSent(files.map((f) => ({ name: f.name, loaded: 0, total: f.size })));
    const update = (i: number, change: Partial<Sent>) =>
      setSent((list) => list.map((s, n) => (n === i ? { ...s, ...change } : s)));
    void Promise.all(
      files.map(
        (file, i) =>
          new Promise<void>((resolve) => {
            const xhr = new XMLHttpRequest();
            xhr.open("POST", STAFF_PATHS.siteUpload);
            xhr.setRequestHeader("Accept", "application/json");
            xhr.upload.onprogress = (e) => update(i, { loaded: e.loaded, total: e.total || file.size });
            xhr.onloadend = () => {
              let answer: Answer = {};
              try {
                answer = JSON.parse(xhr.responseText) as Answer;
              } catch {
                /* the guard's page (413): said below */
              }
              const refusal = answer.refused?.[0]?.refusal;
              update(i, {
                loaded: file.size,
                failed: !answer.added,
                result: answer.added
                  ? t.uploadedOk(1)
                  : refusal
                    ? t.refusal[refusal]
                    : xhr.status === 413
                      ? t.refusal["too-large"]
                      : t.refusal.undecodable,
              });
              resolve();
            };
            const form = new FormData();
            form.append("gallery", gallery);
            form.append("photos", file, file.name);
            xhr.send(form);
          }),
      ),
    ).then(() => {
      input.value = "";
      revalidate();
    });
  };

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
      <label htmlFor="photos">{t.add}</label>
      <p className="staff-hint" id="photos-hint">
        {t.addHint(maxFiles, maxMb)}
      </p>
      <input
        id="photos"
        name="photos"
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp,image/avif"
        aria-describedby="photos-hint"
        required
      />
      <button type="submit" className="staff-button">
        {t.upload}
      </button>
      {sent.length ? (
        <ul className="site-progress" aria-live="polite">
          {sent.map((s, i) => (
            <li key={i}>
              <label>
                {t.uploading(s.name)}
                <progress max={s.total || 1} value={s.loaded} />
              </label>
              {s.result ? <span className={s.failed ? "staff-error" : "staff-hint"}>{s.result}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
