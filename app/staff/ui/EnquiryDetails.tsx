import { givenDetails } from "~/i18n/detail-text";
import type { Locale } from "~/i18n/locale";

/** The optional details an enquiry was sent with (app/content/enquiry-fields.ts), under the
 * form's own labels in the staff member's language: entries of the enquiry's <dl>. A field added
 * to the list shows here without a change. */
export function EnquiryDetails({ enquiry, locale }: { enquiry: Record<string, unknown>; locale: Locale }) {
  return (
    <>
      {givenDetails(enquiry, locale).map((detail) => (
        <div key={detail.key} className="inbox-detail">
          <dt>{detail.label}</dt>
          <dd>{detail.text}</dd>
        </div>
      ))}
    </>
  );
}
