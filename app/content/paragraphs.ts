/** A plain text's paragraphs (one per line the owner typed), each rendered as its own <p>. */
export const paragraphs = (text: string) => text.split(/\n+/).filter((p) => p.trim());
