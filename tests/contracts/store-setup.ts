import type { ConfirmationRule } from "~/store/accepted-deliveries.server";
import type { SqlStore as EnquiryStore } from "~/store/sql-store.server";

export type StoreMaker = {
  /** A fresh, empty store; a second call in the same test opens the same one again, as another replica would. */
  make(channels?: readonly string[], confirmation?: ConfirmationRule): Promise<EnquiryStore>;
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
