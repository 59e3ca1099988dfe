// What fails a page: accessibility, best practices and SEO under their floors; performance only as a share of the
// reference's score in the same run (nginx, same bytes), never absolute: a slower or busier machine lowers both.

export type Scores = { performance: number; accessibility: number; bestPractices: number; seo: number };
export type Floors = Omit<Scores, "performance"> & { performanceVsReference: number };

export function missedFloors(ours: Scores | undefined, reference: Scores | undefined, floors: Floors): string[] {
  if (!ours) return ["no report: Lighthouse failed three times"];
  const low: string[] = (["accessibility", "bestPractices", "seo"] as const)
    .filter((k) => ours[k] < floors[k])
    .map((k) => `${k} ${ours[k]} < ${floors[k]}`);
  if (reference && ours.performance < reference.performance * floors.performanceVsReference)
    low.push(`performance ${ours.performance} < ${floors.performanceVsReference} × ${reference.performance} (nginx)`);
  return low;
}
