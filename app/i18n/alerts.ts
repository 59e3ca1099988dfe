import { plural, type Translations } from "./translations";

/** Alerts on staff phones (Web Push, decision 0039): the staff area's Alerts page, the desk's notices,
 * and what a phone's lock screen shows of a new enquiry (the service, the day, nothing personal). */
const en = {
  nav: "Alerts",
  title: "Alerts on your phone",
  lead: "Turn alerts on and this device buzzes within seconds of a new enquiry. The lock screen shows the service, the event's day and where the visitor came from (such as Instagram), never the visitor's name, contact or message; a tap opens the enquiry here (signed in).",
  turnOn: "Turn on alerts on this device",
  turning: "Turning on…",
  onHere: "Alerts are on on this device.",
  deviceName: "Name of this device",
  needsScript: "Turning alerts on needs JavaScript in this browser.",
  unsupported:
    "This browser cannot receive alerts here. On iPhone or iPad, add the staff area to the Home Screen first (below).",
  denied: "Notifications are blocked for this site: allow them in the browser's settings, then try again.",
  failed: "That did not work. Try again in a moment.",
  ios: {
    title: "On iPhone or iPad",
    intro: "iOS (16.4 or later) sends alerts only to the staff area added to the Home Screen, not to Safari:",
    steps: [
      "Open this page in Safari.",
      "Tap Share, then “Add to Home Screen”, then Add.",
      "Open the staff area from its new icon, and sign in there.",
      "Open Alerts and tap “Turn on alerts on this device”; allow notifications.",
    ],
    after: "Keep notifications allowed: iOS stops alerts to an app whose alerts show nothing.",
  },
  devices: "Your devices",
  none: "No device of yours has alerts on.",
  added: (when: string) => `added ${when}`,
  lastReached: (when: string) => `last reached ${when}`,
  notReached: "not reached yet",
  stale: "Stale: it has not confirmed its last three alerts",
  staleHint:
    "A stale device may be off, offline for long, or its subscription may have died: open the staff area on it and turn alerts on again, or remove it.",
  remove: "Remove",
  removeLabel: (name: string) => `Remove ${name}`,
  test: "Send a test alert",
  testLabel: (name: string) => `Send a test alert to ${name}`,
  notice: {
    added: "Alerts are on for this device.",
    removed: "The device was removed: it gets no more alerts.",
    testSent:
      "A test alert was sent: the device should show it within seconds. If it does not, open the staff area on it and turn alerts on again, or remove it.",
    testGone:
      "The push service says that device's subscription has ended, so it was removed: turn alerts on again on it.",
    testFailed: "The push service did not take the test alert. Try again in a minute.",
    testWait: "A test alert was sent to that device moments ago: wait half a minute before the next.",
    tooMany: (max: number) => `You have ${max} devices with alerts, the most allowed: remove one first.`,
    off: "Alerts are switched off on this site.",
  },
  desk: {
    noDevices: "No phone has alerts on: nobody is buzzed when an enquiry comes.",
    turnOn: "Turn them on under Alerts.",
    unconfirmed: (references: string, minutes: number, count: number) =>
      `No device confirmed the alert for ${references} within ${minutes} min${count > 1 ? ` (${count} enquiries)` : ""}: check the phones.`,
    stale: (count: number) =>
      count === 1
        ? "1 device is stale (it has not confirmed its last three alerts)."
        : `${count} devices are stale (they have not confirmed their last three alerts).`,
  },
  notification: {
    title: "New enquiry",
    titleFor: (service: string) => `New enquiry: ${service}`,
    day: (day: string) => `For ${day.replace(/\.$/, "")}.`,
    open: "Open to read.",
    test: { title: "Test alert", body: "Alerts reach this device." },
  },
};

const hr: typeof en = {
  nav: "Obavijesti",
  title: "Obavijesti na mobitelu",
  lead: "Uključite obavijesti i ovaj uređaj zazvoni nekoliko sekundi nakon novog upita. Zaključani zaslon pokazuje uslugu, dan događaja i odakle je posjetitelj došao (npr. Instagram), nikad ime, kontakt ni poruku posjetitelja; dodir otvara upit ovdje (uz prijavu).",
  turnOn: "Uključi obavijesti na ovom uređaju",
  turning: "Uključujemo…",
  onHere: "Obavijesti su uključene na ovom uređaju.",
  deviceName: "Naziv ovog uređaja",
  needsScript: "Za uključivanje obavijesti ovaj preglednik treba JavaScript.",
  unsupported:
    "Ovaj preglednik ovdje ne može primati obavijesti. Na iPhoneu ili iPadu najprije dodajte prostor za osoblje na početni zaslon (niže).",
  denied: "Obavijesti su blokirane za ovu stranicu: dopustite ih u postavkama preglednika pa pokušajte ponovno.",
  failed: "Nije uspjelo. Pokušajte ponovno za trenutak.",
  ios: {
    title: "Na iPhoneu ili iPadu",
    intro: "iOS (16.4 ili noviji) šalje obavijesti samo prostoru za osoblje dodanom na početni zaslon, ne Safariju:",
    steps: [
      "Otvorite ovu stranicu u Safariju.",
      "Dodirnite Dijeli, zatim „Dodaj na početni zaslon”, pa Dodaj.",
      "Otvorite prostor za osoblje s nove ikone i ondje se prijavite.",
      "Otvorite Obavijesti i dodirnite „Uključi obavijesti na ovom uređaju”; dopustite obavijesti.",
    ],
    after: "Ne isključujte obavijesti: iOS prestaje slati obavijesti aplikaciji čije obavijesti ništa ne prikazuju.",
  },
  devices: "Vaši uređaji",
  none: "Nijedan vaš uređaj nema uključene obavijesti.",
  added: (when: string) => `dodan ${when}`,
  lastReached: (when: string) => `zadnja obavijest ${when}`,
  notReached: "još bez obavijesti",
  stale: "Ne javlja se: nije potvrdio zadnje tri obavijesti",
  staleHint:
    "Uređaj koji se ne javlja možda je isključen, dugo izvan mreže ili mu je pretplata istekla: otvorite prostor za osoblje na njemu i ponovno uključite obavijesti, ili ga uklonite.",
  remove: "Ukloni",
  removeLabel: (name: string) => `Ukloni ${name}`,
  test: "Pošalji probnu obavijest",
  testLabel: (name: string) => `Pošalji probnu obavijest na ${name}`,
  notice: {
    added: "Obavijesti su uključene za ovaj uređaj.",
    removed: "Uređaj je uklonjen: više ne prima obavijesti.",
    testSent:
      "Probna obavijest je poslana: uređaj bi je trebao prikazati za nekoliko sekundi. Ako je ne prikaže, otvorite prostor za osoblje na njemu i ponovno uključite obavijesti, ili ga uklonite.",
    testGone:
      "Usluga za obavijesti javlja da je pretplata tog uređaja istekla pa je uklonjen: ponovno uključite obavijesti na njemu.",
    testFailed: "Usluga za obavijesti nije preuzela probnu obavijest. Pokušajte ponovno za minutu.",
    testWait: "Probna obavijest tom je uređaju poslana maloprije: pričekajte pola minute prije sljedeće.",
    tooMany: (max: number) =>
      `Imate ${max} uređaja s obavijestima, koliko je najviše dopušteno: najprije uklonite jedan.`,
    off: "Obavijesti su na ovoj stranici isključene.",
  },
  desk: {
    noDevices: "Nijedan mobitel nema uključene obavijesti: nitko ne dobiva signal kad stigne upit.",
    turnOn: "Uključite ih pod Obavijesti.",
    unconfirmed: (references: string, minutes: number, count: number) =>
      `Nijedan uređaj nije potvrdio obavijest za ${references} u ${minutes} min${count > 1 ? ` (upita: ${count})` : ""}: provjerite mobitele.`,
    stale: (count: number) =>
      `${count} ${plural("hr", count, { one: "uređaj se ne javlja", few: "uređaja se ne javljaju", other: "uređaja se ne javlja" })} (bez potvrde zadnje tri obavijesti).`,
  },
  notification: {
    title: "Novi upit",
    titleFor: (service: string) => `Novi upit: ${service}`,
    // A Croatian date ends with its year's dot ("12. lip 2027."): one dot ends the sentence.
    day: (day: string) => `Za ${day.replace(/\.$/, "")}.`,
    open: "Otvorite za čitanje.",
    test: { title: "Probna obavijest", body: "Obavijesti stižu na ovaj uređaj." },
  },
};

export const ALERTS: Translations<typeof en> = { en, hr };
