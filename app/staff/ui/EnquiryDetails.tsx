import { givenDetails } from "~/i18n/detail-text";
import type { Locale } from "~/i18n/locale";

/** A field added to app/content/enquiry-fields.ts shows here without a change. */
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
