import type { GalleryId } from "~/content/galleries";
import type { Translations } from "./translations";

type Refusal =
  | "empty"
  | "too-large"
  | "markup"
  | "heic"
  | "other-format"
  | "unknown"
  | "truncated"
  | "trailing"
  | "too-many-pixels"
  | "undecodable";

/** The staff area's Site section (the owner's photos; issue 51 adds the words) and the preview
 * banner on the public pages. */
const en = {
  nav: "Site",
  title: "Site",
  lead: "Your photos on the public pages. Changes stay a draft until you publish them; preview shows the pages exactly as visitors will see them.",
  galleries: {
    home: "Home page",
    vip: "VIP nightclub experience",
    events: "Event organization",
    concierge: "Concierge services",
  } satisfies Record<GalleryId, string>,
  shipped: (n: number) => `Shows the ${n} pictures the site came with until you publish your own.`,
  count: (n: number) => (n === 1 ? "1 photo" : `${n} photos`),
  draftChanged: "Draft has unpublished changes",
  upToDate: "Published: visitors see this",
  edit: "Edit",
  preview: "Preview the public pages",
  previewEnd: "Leave preview",
  publish: "Publish",
  published: (version: number) => `Published: version ${version} is live on every page.`,
  stale:
    "The draft changed since this page was shown (someone else edited or published). Look it over and publish again.",
  problems: "Not published yet:",
  problem: {
    alt: (gallery: string, position: number, language: string) =>
      `${gallery}, photo ${position}: no alt text in ${language}.`,
    processing: (gallery: string, position: number) => `${gallery}, photo ${position} is still being processed.`,
    failed: (gallery: string, position: number) => `${gallery}, photo ${position} could not be processed: remove it.`,
  },
  languages: { en: "English", hr: "Croatian" },
  history: "Published versions",
  historyEmpty: "Nothing published yet: the site shows what it came with.",
  versionLine: (version: number, when: string, who: string) => `Version ${version} · ${when} · ${who}`,
  restoredFrom: (version: number) => `(restored from version ${version})`,
  restoreVersion: "Publish this version again",
  restoreVersionLabel: (version: number) => `Publish version ${version} again`,
  restoredVersion: (version: number) => `Published again as version ${version}.`,
  back: "All galleries",
  add: "Add photos",
  addHint: (files: number, mb: number) =>
    `JPEG, PNG, WebP or AVIF; up to ${files} at once, ${mb} MB each. iPhone photos arrive as JPEG from Safari.`,
  choose: "Photos",
  upload: "Upload",
  uploading: (name: string) => `Uploading ${name}`,
  uploadedOk: (n: number) => (n === 1 ? "1 photo added to the draft." : `${n} photos added to the draft.`),
  chosen: (n: number) => (n === 1 ? "1 photo chosen:" : `${n} photos chosen:`),
  chosenNoScript: "Photos chosen: press Upload to send them.",
  fileSize: (bytes: number) =>
    bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`,
  fault: {
    interrupted: "The connection was interrupted.",
    stalled: "The connection stopped sending.",
    slow: "The connection is too slow just now.",
    server: "The site could not take it just now.",
  },
  retrying: (why: string, attempt: number, of: number) => `${why} Trying again (${attempt} of ${of})…`,
  notAdded: {
    interrupted: "Not added: the connection was interrupted. Try again when the signal is better.",
    stalled: "Not added: the connection stopped sending. Try again when the signal is better.",
    slow: "Not added: the connection is too slow just now. Try again where the signal is better, or send fewer photos.",
    server: "Not added: the site could not take it just now. Try again in a moment.",
    session: "Not added: your session has ended. Sign in again, then add the photo.",
    unreadable: "Not added: the upload could not be read. Try again.",
  },
  tryAgain: "Try again",
  tryAgainLabel: (name: string) => `Try again: ${name}`,
  uploadEnded: {
    title: "Upload stopped",
    stalled:
      "Nothing was added: the connection stopped sending for too long. Go back and upload the photos again where the signal is better.",
    slow: "Nothing was added: the connection was too slow to finish. Go back and send fewer photos at once, or try again where the signal is better.",
    back: "Back to the photos",
  },
  refusedFile: (name: string, why: string) => `${name}: ${why}`,
  refusal: {
    empty: "the file is empty.",
    "too-large": "the file is larger than this site takes.",
    markup: "this is a drawing or a web page (SVG, HTML), not a photo. Only JPEG, PNG, WebP and AVIF photos are taken.",
    heic: "HEIC photos cannot be used. iPhone Safari sends JPEG when you pick photos from the library; or set Camera → Formats → Most Compatible.",
    "other-format": "this kind of image (GIF, TIFF, BMP, animation) is not taken. Use JPEG, PNG, WebP or AVIF.",
    unknown: "this is not a photo, whatever its name says. Only JPEG, PNG, WebP and AVIF photos are taken.",
    truncated: "the file is incomplete (cut short). Upload it again from the original.",
    trailing: "the file carries something else after the photo. Export or save the photo again and upload that.",
    "too-many-pixels": "the photo has more pixels than this site takes. Make it smaller first.",
    undecodable: "the photo could not be read (damaged). Export it again and upload that.",
  } satisfies Record<Refusal, string>,
  tooManyFiles: (n: number) => `Nothing was uploaded: choose at most ${n} photos at once.`,
  tooLargeUpload: (mb: number) =>
    `Nothing was uploaded: one upload may hold at most ${mb} MB. Send fewer photos at once.`,
  processing: "Processing…",
  processingNote: "Photos being processed appear here in a moment; this page refreshes by itself.",
  failed: "Could not be processed",
  photo: (n: number) => `Photo ${n}`,
  altEn: "Alt text (English)",
  altHr: "Alt text (Croatian)",
  altHint: "Describe the photo for people who cannot see it: who, where, what is happening.",
  saveAlt: "Save alt texts",
  moveUp: "Move up",
  moveDown: "Move down",
  moveLabel: (verb: string, n: number) => `${verb}: photo ${n}`,
  dragHint: "Drag a photo to move it, or use the buttons.",
  replace: "Replace",
  replaceLabel: (n: number) => `Replace photo ${n} with`,
  remove: "Remove",
  removeLabel: (n: number) => `Remove photo ${n}`,
  saved: "Saved to the draft.",
  removedTitle: "Removed photos",
  removedHint: (days: number) => `Removed and replaced photos can be put back for ${days} days.`,
  removedUntil: (when: string) => `restorable until ${when}`,
  restore: "Put back",
  restoreLabel: (name: string) => `Put back ${name}`,
  reset: "Go back to the pictures the site came with",
  empty: "No photos in this gallery's draft yet.",
  grant: "May edit the site",
  grantLabel: (email: string) => `${email} may edit the site`,
  granted: (email: string) => `${email} may now edit the site.`,
  revoked: (email: string) => `${email} may no longer edit the site.`,
  grantAction: "Allow",
  revokeAction: "Stop",
  notAllowed: "Only an owner, or someone an owner has allowed, may edit the site.",
};

export type SiteText = typeof en;

const hr: SiteText = {
  nav: "Stranica",
  title: "Stranica",
  lead: "Vaše fotografije na javnim stranicama. Promjene ostaju nacrt dok ih ne objavite; pregled prikazuje stranice točno onako kako će ih posjetitelji vidjeti.",
  galleries: {
    home: "Početna stranica",
    vip: "VIP noćni klubovi",
    events: "Organizacija događaja",
    concierge: "Concierge usluge",
  },
  shipped: (n: number) => `Prikazuje ${n} slika s kojima je stranica isporučena dok ne objavite svoje.`,
  count: (n: number) => `Fotografija: ${n}`,
  draftChanged: "Nacrt ima neobjavljene promjene",
  upToDate: "Objavljeno: ovo posjetitelji vide",
  edit: "Uredi",
  preview: "Pregledaj javne stranice",
  previewEnd: "Izađi iz pregleda",
  publish: "Objavi",
  published: (version: number) => `Objavljeno: verzija ${version} prikazuje se na svim stranicama.`,
  stale:
    "Nacrt se promijenio otkad je ova stranica prikazana (netko drugi ga je uredio ili objavio). Pregledajte ga i ponovno objavite.",
  problems: "Još nije objavljeno:",
  problem: {
    alt: (gallery: string, position: number, language: string) =>
      `${gallery}, fotografija ${position}: nema opisa (alt) na jeziku: ${language}.`,
    processing: (gallery: string, position: number) => `${gallery}, fotografija ${position} još se obrađuje.`,
    failed: (gallery: string, position: number) =>
      `${gallery}, fotografija ${position} nije se mogla obraditi: uklonite je.`,
  },
  languages: { en: "engleski", hr: "hrvatski" },
  history: "Objavljene verzije",
  historyEmpty: "Još ništa nije objavljeno: stranica prikazuje ono s čime je isporučena.",
  versionLine: (version: number, when: string, who: string) => `Verzija ${version} · ${when} · ${who}`,
  restoredFrom: (version: number) => `(vraćena verzija ${version})`,
  restoreVersion: "Ponovno objavi ovu verziju",
  restoreVersionLabel: (version: number) => `Ponovno objavi verziju ${version}`,
  restoredVersion: (version: number) => `Ponovno objavljeno kao verzija ${version}.`,
  back: "Sve galerije",
  add: "Dodaj fotografije",
  addHint: (files: number, mb: number) =>
    `JPEG, PNG, WebP ili AVIF; najviše ${files} odjednom, do ${mb} MB svaka. Fotografije s iPhonea Safari šalje kao JPEG.`,
  choose: "Fotografije",
  upload: "Učitaj",
  uploading: (name: string) => `Učitavanje: ${name}`,
  uploadedOk: (n: number) => `Dodano u nacrt, fotografija: ${n}.`,
  chosen: (n: number) => `Odabrano fotografija: ${n}`,
  chosenNoScript: "Fotografije su odabrane: pritisnite Učitaj da ih pošaljete.",
  fileSize: (bytes: number) =>
    bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} MB`,
  fault: {
    interrupted: "Veza je prekinuta.",
    stalled: "Veza je prestala slati.",
    slow: "Veza je trenutačno prespora.",
    server: "Stranica trenutačno ne može primiti fotografiju.",
  },
  retrying: (why: string, attempt: number, of: number) => `${why} Ponovni pokušaj ${attempt} od ${of}…`,
  notAdded: {
    interrupted: "Nije dodano: veza je prekinuta. Pokušajte ponovno kad signal bude bolji.",
    stalled: "Nije dodano: veza je prestala slati. Pokušajte ponovno kad signal bude bolji.",
    slow: "Nije dodano: veza je trenutačno prespora. Pokušajte ponovno gdje je signal bolji ili pošaljite manje fotografija.",
    server: "Nije dodano: stranica trenutačno ne može primiti fotografiju. Pokušajte ponovno za trenutak.",
    session: "Nije dodano: vaša je sesija završila. Ponovno se prijavite, a zatim dodajte fotografiju.",
    unreadable: "Nije dodano: učitavanje se nije moglo pročitati. Pokušajte ponovno.",
  },
  tryAgain: "Pokušaj ponovno",
  tryAgainLabel: (name: string) => `Pokušaj ponovno: ${name}`,
  uploadEnded: {
    title: "Učitavanje prekinuto",
    stalled:
      "Ništa nije dodano: veza je predugo prestala slati. Vratite se i ponovno učitajte fotografije gdje je signal bolji.",
    slow: "Ništa nije dodano: veza je bila prespora da bi se učitavanje završilo. Vratite se i pošaljite manje fotografija odjednom ili pokušajte ponovno gdje je signal bolji.",
    back: "Natrag na fotografije",
  },
  refusedFile: (name: string, why: string) => `${name}: ${why}`,
  refusal: {
    empty: "datoteka je prazna.",
    "too-large": "datoteka je veća nego što ova stranica prima.",
    markup:
      "ovo je crtež ili web-stranica (SVG, HTML), a ne fotografija. Primaju se samo JPEG, PNG, WebP i AVIF fotografije.",
    heic: "HEIC fotografije ne mogu se koristiti. Safari na iPhoneu šalje JPEG kad fotografije odaberete iz galerije; ili postavite Kamera → Formati → Najkompatibilnije.",
    "other-format": "ova vrsta slike (GIF, TIFF, BMP, animacija) ne prima se. Koristite JPEG, PNG, WebP ili AVIF.",
    unknown: "ovo nije fotografija, bez obzira na ime. Primaju se samo JPEG, PNG, WebP i AVIF fotografije.",
    truncated: "datoteka je nepotpuna (prekinuta). Ponovno je učitajte iz izvornika.",
    trailing: "datoteka iza fotografije sadrži još nešto. Ponovno izvezite ili spremite fotografiju i učitajte nju.",
    "too-many-pixels": "fotografija ima više piksela nego što ova stranica prima. Najprije je smanjite.",
    undecodable: "fotografija se ne može pročitati (oštećena je). Ponovno je izvezite i učitajte.",
  },
  tooManyFiles: (n: number) => `Ništa nije učitano: odaberite najviše ${n} fotografija odjednom.`,
  tooLargeUpload: (mb: number) =>
    `Ništa nije učitano: jedno učitavanje može imati najviše ${mb} MB. Pošaljite manje fotografija odjednom.`,
  processing: "Obrađuje se…",
  processingNote: "Fotografije koje se obrađuju pojavit će se ovdje za trenutak; stranica se sama osvježava.",
  failed: "Nije se moglo obraditi",
  photo: (n: number) => `Fotografija ${n}`,
  altEn: "Opis (engleski)",
  altHr: "Opis (hrvatski)",
  altHint: "Opišite fotografiju osobama koje je ne vide: tko, gdje, što se događa.",
  saveAlt: "Spremi opise",
  moveUp: "Pomakni gore",
  moveDown: "Pomakni dolje",
  moveLabel: (verb: string, n: number) => `${verb}: fotografija ${n}`,
  dragHint: "Povucite fotografiju da je premjestite ili koristite gumbe.",
  replace: "Zamijeni",
  replaceLabel: (n: number) => `Zamijeni fotografiju ${n} s`,
  remove: "Ukloni",
  removeLabel: (n: number) => `Ukloni fotografiju ${n}`,
  saved: "Spremljeno u nacrt.",
  removedTitle: "Uklonjene fotografije",
  removedHint: (days: number) => `Uklonjene i zamijenjene fotografije mogu se vratiti ${days} dana.`,
  removedUntil: (when: string) => `može se vratiti do ${when}`,
  restore: "Vrati",
  restoreLabel: (name: string) => `Vrati ${name}`,
  reset: "Vrati slike s kojima je stranica isporučena",
  empty: "U nacrtu ove galerije još nema fotografija.",
  grant: "Smije uređivati stranicu",
  grantLabel: (email: string) => `${email} smije uređivati stranicu`,
  granted: (email: string) => `${email} sada smije uređivati stranicu.`,
  revoked: (email: string) => `${email} više ne smije uređivati stranicu.`,
  grantAction: "Dopusti",
  revokeAction: "Zabrani",
  notAllowed: "Stranicu smije uređivati samo vlasnik ili osoba kojoj je vlasnik to dopustio.",
};

export const SITE: Translations<SiteText> = { en, hr };
