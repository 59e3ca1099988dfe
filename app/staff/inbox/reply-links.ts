/** Built only from checked values, never the text as typed. WhatsApp goes to the visitor's own number: the business's
 * WHATSAPP_NUMBER is how visitors reach us, not how we reach them. */
export type ReplyLinks = { mailto?: string; tel?: string; whatsapp?: string };

/** Only what a mailto: can carry unescaped; anything else gets no link. */
const MAILBOX =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function replyLinks(
  { email, phone }: { email: string; phone: string },
  { subject }: { subject: string },
): ReplyLinks {
  const digits = phone.replace(/\D/g, "");
  const international = phone.trim().startsWith("+") || phone.trim().startsWith("00");
  const dial =
    digits.length >= 6 && digits.length <= 15 ? `${phone.trim().startsWith("+") ? "+" : ""}${digits}` : undefined;
  return {
    mailto: MAILBOX.test(email) ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : undefined,
    tel: dial ? `tel:${dial}` : undefined,
    // wa.me wants the number in international form, digits only.
    whatsapp: dial && international ? `https://wa.me/${digits.replace(/^00/, "")}` : undefined,
  };
}
