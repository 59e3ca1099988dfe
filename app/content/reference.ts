/** Read out on the phone, so no look-alikes 0/O, 1/I/L, U/V; 8 of 29 symbols ≈ 5 × 10¹¹. */
export const REFERENCE_ALPHABET = "ABCDEFGHJKMNPQRSTWXYZ23456789";

export const REFERENCE_IN_TEXT = new RegExp(`([${REFERENCE_ALPHABET}]{4}-[${REFERENCE_ALPHABET}]{4})`);
