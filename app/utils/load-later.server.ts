/** A library loaded at its first use rather than at every start; a failed load is tried again at the next use. */
export function loadLater<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
