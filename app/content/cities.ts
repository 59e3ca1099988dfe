/** The home page's "Things we do the most" city selector, in the spec's order and grouping. */
export type City = {
  id: string;
  label: string;
  /** Venue names; empty for the cities shown with a country label instead. */
  content: string[];
  /** Shown in place of venues (Budva, Belgrade). */
  country?: string;
  group: "coast" | "more" | "abroad";
};

export const CITIES: readonly City[] = [
  { id: "split", label: "Split", content: ["Central Club", "Boiler", "Vanilla", "305"], group: "coast" },
  { id: "dubrovnik", label: "Dubrovnik", content: ["Culture Club Revelin"], group: "coast" },
  { id: "zrce", label: "Zrće", content: ["Noa Beach Club", "Papaya", "Kalypso", "Aquarius"], group: "coast" },
  { id: "hvar", label: "Hvar", content: ["Carpe Diem", "Carpe Diem Beach", "Hula Hula"], group: "coast" },
  { id: "makarska", label: "Makarska", content: ["Makarana"], group: "more" },
  { id: "zagreb", label: "Zagreb", content: ["Mint - Club & More"], group: "more" },
  { id: "budva", label: "Budva", content: [], country: "MONTENEGRO", group: "abroad" },
  { id: "belgrade", label: "Belgrade", content: [], country: "SERBIA", group: "abroad" },
];

export const DEFAULT_CITY_ID = "split";

/** The city a `?city=` value names, or the default for anything unknown. */
export function cityById(id: string | null | undefined): City {
  return CITIES.find((c) => c.id === id) ?? CITIES.find((c) => c.id === DEFAULT_CITY_ID)!;
}
