export const CITY_IDS = ["split", "dubrovnik", "zrce", "hvar", "makarska", "zagreb", "budva", "belgrade"] as const;
export type CityId = (typeof CITY_IDS)[number];

export type City = {
  id: CityId;
  /** Not translated; none abroad, where the country shows instead. */
  venues: string[];
  group: "coast" | "more" | "abroad";
};

export const CITIES: readonly City[] = [
  { id: "split", venues: ["Central Club", "Boiler", "Vanilla", "305"], group: "coast" },
  { id: "dubrovnik", venues: ["Culture Club Revelin"], group: "coast" },
  { id: "zrce", venues: ["Noa Beach Club", "Papaya", "Kalypso", "Aquarius"], group: "coast" },
  { id: "hvar", venues: ["Carpe Diem", "Carpe Diem Beach", "Hula Hula"], group: "coast" },
  { id: "makarska", venues: ["Makarana"], group: "more" },
  { id: "zagreb", venues: ["Mint - Club & More"], group: "more" },
  { id: "budva", venues: [], group: "abroad" },
  { id: "belgrade", venues: [], group: "abroad" },
];

export const DEFAULT_CITY_ID: CityId = "split";

export function cityById<C extends City>(
  id: string | null | undefined,
  cities: readonly C[] = CITIES as readonly C[],
): C {
  return cities.find((c) => c.id === id) ?? cities.find((c) => c.id === DEFAULT_CITY_ID)!;
}

export const isAbroad = (city: City): city is City & { id: "budva" | "belgrade" } => city.group === "abroad";
