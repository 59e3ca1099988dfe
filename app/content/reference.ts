/** An enquiry's reference, what the visitor is told and may read out on the phone: eight
 * characters in two groups (`K7QX-M4TP`) from an alphabet without the look-alikes 0/O, 1/I/L and
 * U/V (29 symbols: about 5 × 10¹¹ references). Made in app/store/reference.server.ts. */
export const REFERENCE_ALPHABET = "ABCDEFGHJKMNPQRSTWXYZ23456789";

/** A reference inside a sentence (the success toast's), as one capture group. */
export const REFERENCE_IN_TEXT = new RegExp(`([${REFERENCE_ALPHABET}]{4}-[${REFERENCE_ALPHABET}]{4})`);
