/** The enquiry form's shape, shared by the form (browser) and the schema (server). */
export const CATEGORIES = ["other", "VIP Nightclub experience", "Event organization", "Concierge services"] as const;
export type Category = (typeof CATEGORIES)[number];

export const ENQUIRY_FIELDS = ["name", "email", "number", "category", "message"] as const;
export type EnquiryField = (typeof ENQUIRY_FIELDS)[number];
export type EnquiryValues = Record<EnquiryField, string>;

export const EMPTY_ENQUIRY: EnquiryValues = { name: "", email: "", number: "", category: "", message: "" };

/** Upper bounds a real enquiry never reaches; they keep abuse cheap to refuse. */
export const MAX_LENGTH: Record<EnquiryField, number> = {
  name: 100,
  email: 254,
  number: 32,
  category: 40,
  message: 5000,
};

/** The honeypot field: hidden from people, filled in by bots; it must be sent and empty. */
export const HONEYPOT_FIELD = "website";
