export const FOLLOW_UPS = ["new", "replied", "booked", "closed", "spam"] as const;
export type FollowUp = (typeof FOLLOW_UPS)[number];
export const DELIVERY_STATES = ["pending", "sending", "delivered", "failed", "quarantined"] as const;
export const NOTE_MAX = 2_000;
