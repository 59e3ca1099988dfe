// A feature's part of the store: its methods, each reading or writing only once the schema is the latest. Nothing
// outside app/store holds SQL: a user takes its part's type (StaffPart, …), never the connection.
type Methods = Record<string, (...args: never[]) => Promise<unknown>>;

export function prepared<T extends Methods>(methods: T, prepare: () => Promise<void>): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(methods))
    wrapped[name] = async (...args: never[]) => {
      await prepare();
      return method(...args);
    };
  return wrapped as T;
}
