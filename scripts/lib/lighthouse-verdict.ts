// What fails a page in `npm run lighthouse` (and `npm test`): accessibility, best practices and
// SEO under their floors, exactly; performance only as a share of the reference's score
// measured in the same run (nginx serving the same bytes), never as an absolute figure: a
// slower or busier machine lowers both.

export type Scores = { performance: number; accessibility: number; bestPractices: number; seo: number };
export type Floors = Omit<Scores, "performance"> & { performanceVsReference: number };

/** Why this build's page fails, empty when it passes. Without a reference the performance
 * score is reported, not judged. */
export function missedFloors(ours: Scores | undefined, reference: Scores | undefined, floors: Floors): string[] {
  if (!ours) return ["no report: Lighthouse failed three times"];
  const low: string[] = (["accessibility", "bestPractices", "seo"] as const)
    .filter((k) => ours[k] < floors[k])
    .map((k) => `${k} ${ours[k]} < ${floors[k]}`);
  if (reference && ours.performance < reference.performance * floors.performanceVsReference)
    low.push(`performance ${ours.performance} < ${floors.performanceVsReference} × ${reference.performance} (nginx)`);
  return low;
}
