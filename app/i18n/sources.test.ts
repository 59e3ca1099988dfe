import { describe, expect, it } from "vitest";
import { CHANNELS } from "~/utils/visit-classify";
import { channelName, sourceLine } from "./sources";

describe("a source as people read it", () => {
  it("names every channel the counter knows, and shows any other (a host, an owner's tag) as it is", () => {
    for (const channel of Object.keys(CHANNELS)) expect(channelName(channel), channel).not.toBe(channel);
    expect(channelName("partner-hotel.hr")).toBe("partner-hotel.hr");
    expect(channelName("direct", "hr")).toBe("Izravno");
  });
  it("is one short line in each language, and nothing when not known", () => {
    expect(sourceLine({ channel: "instagram", campaign: "summer-vip" })).toBe("from Instagram · summer-vip");
    expect(sourceLine({ channel: "google-ads" }, "hr")).toBe("izvor: Google Ads");
    expect(sourceLine(undefined)).toBe("");
  });
});
