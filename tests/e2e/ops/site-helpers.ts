import Database from "better-sqlite3";
import sharp from "sharp";

/** The Site section over HTTP as a browser's forms would (no JavaScript), with a staff session's cookie. */
export type Session = { base: string; cookie: string };

export type UploadFile = { name: string; bytes: Buffer; type?: string };

/** A multipart upload to a gallery, as the plain form sends it; `json` as the page's script does. */
export async function upload(s: Session, gallery: string, files: UploadFile[], { json = false, replace = "" } = {}) {
  const form = new FormData();
  form.append("gallery", gallery);
  if (replace) form.append("replace", replace);
  for (const f of files)
    form.append("photos", new Blob([new Uint8Array(f.bytes)], { type: f.type ?? "image/jpeg" }), f.name);
  return fetch(`${s.base}/staff/site/upload`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { cookie: s.cookie, origin: s.base, ...(json ? { accept: "application/json" } : {}) },
  });
}

/** A form of the Site section (an edit of a gallery, a publish), urlencoded. */
export async function siteForm(s: Session, path: string, fields: Record<string, string>) {
  return fetch(`${s.base}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual",
    headers: { cookie: s.cookie, origin: s.base, "content-type": "application/x-www-form-urlencoded" },
  });
}

/** The photo ids a gallery's draft shows, in order (its editor page). */
export async function draftPhotos(s: Session, gallery: string): Promise<string[]> {
  const html = await (await fetch(`${s.base}/staff/site/${gallery}`, { headers: { cookie: s.cookie } })).text();
  return [...html.matchAll(/id="photo-([0-9a-f-]{36})"/g)].map((m) => m[1]!);
}

/** Waits until every photo of the draft is processed (the editor page says none is pending). */
export async function processed(s: Session, gallery: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const html = await (await fetch(`${s.base}/staff/site/${gallery}`, { headers: { cookie: s.cookie } })).text();
    if (!html.includes('http-equiv="refresh"')) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("photos still processing");
}

/** Publishes the draft as the overview shows it; the answer's status. */
export async function publishDraft(s: Session) {
  const html = await (await fetch(`${s.base}/staff/site`, { headers: { cookie: s.cookie } })).text();
  const revision = /name="revision" value="(\d+)"/.exec(html)?.[1];
  if (!revision) throw new Error("no publish form on the overview");
  return siteForm(s, "/staff/site?index", { intent: "publish", revision });
}

/** Rows of the Site tables in a server's SQLite database: what an upload stored. */
export function siteRows(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    const state = db.prepare("SELECT draft, draft_revision FROM site_state").get() as {
      draft: string;
      draft_revision: number;
    };
    return {
      photos: count("site_photos"),
      media: count("site_media"),
      draft: state.draft,
      revision: state.draft_revision,
    };
  } finally {
    db.close();
  }
}

/** A phone photo as a camera writes it: stored sideways (its pixels 1600 × 1200, red on the left,
 * blue on the right) with EXIF orientation 6 (turn 90° clockwise to view: red on top), and the
 * camera's make, the owner's name and a GPS position in its metadata. */
export async function phonePhoto(): Promise<Buffer> {
  const half = await sharp({ create: { width: 800, height: 1200, channels: 3, background: "#d01010" } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#1020d0" } })
    .composite([{ input: half, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 15", Artist: "Ana Owner", Copyright: "Ana Owner" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "43/1 30/1 30/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "16/1 26/1 24/1",
      },
    })
    .toBuffer();
}
