/** The only links an enquiry's page makes of what the visitor typed, each built from a checked
 * value (never the text as it is): e-mail with the reference in the subject, a call, WhatsApp to
 * the visitor's own number (whatever the business's WHATSAPP_NUMBER: that is how visitors reach
 * us, not how we reach them). The reply buttons post to the enquiry's page, which records the
 * reply and sends the browser on to one of these. */
export type ReplyLinks = { mailto?: string; tel?: string; whatsapp?: string };

/** An address the form accepted, in the shape a mailto: can carry unescaped (no spaces, quotes,
 * angle brackets or separators); anything else gets no link. */
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
