import { DETAIL_FIELDS } from "~/content/enquiry-fields";
import { CONTACT } from "~/i18n/contact";
import { detailText } from "~/i18n/detail-text";
import type { Locale } from "~/i18n/locale";

/** The optional details an enquiry was sent with (app/content/enquiry-fields.ts), under the
 * form's own labels in the staff member's language: entries of the enquiry's <dl>. A field added
 * to the list shows here without a change. */
export function EnquiryDetails({ enquiry, locale }: { enquiry: Record<string, unknown>; locale: Locale }) {
  return (
    <>
      {DETAIL_FIELDS.map((field) => {
        const value = enquiry[field.key];
        return typeof value === "string" && value ? (
          <div key={field.key} className="inbox-detail">
            <dt>{CONTACT[locale].labels[field.form]}</dt>
            <dd>{detailText(field.key, value, locale)}</dd>
          </div>
        ) : null;
      })}
    </>
  );
}
