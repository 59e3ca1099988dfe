// What the store's contracts share: the maker a database's test gives, and the stores a test
// opens (closed after it).
import type { ConfirmationRule } from "~/store/accepted-deliveries.server";
import type { SqlStore as EnquiryStore } from "~/store/sql-store.server";

export type StoreMaker = {
  /** A fresh, empty store (a second call in the same test opens the same one again, as another
   * replica or the outbox command would). */
  make(channels?: readonly string[], confirmation?: ConfirmationRule): Promise<EnquiryStore>;
  /** A new, empty place: the next `make` opens it. */
  reset(): Promise<void>;
  plantJunk(store: EnquiryStore): Promise<void>;
};

export function storesOf(maker: StoreMaker) {
  const opened: EnquiryStore[] = [];
  const open = async (channels?: readonly string[], confirmation?: ConfirmationRule) => {
    const store = await maker.make(channels, confirmation);
    opened.push(store);
    return store;
  };
  const fresh = async (channels?: readonly string[]) => {
    await maker.reset();
    return open(channels);
  };
  const afterEachClose = async () => {
    for (const store of opened.splice(0)) await store.close();
  };
  return { open, fresh, afterEachClose };
}
