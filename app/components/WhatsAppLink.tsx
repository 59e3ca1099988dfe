import { BRAND, whatsappHref } from "~/content/site";
import { serviceAtPath } from "~/content/services";
import { LAYOUT } from "~/i18n/layout";
import { useTranslation } from "~/i18n/use-locale";
import { useLocation } from "@remix-run/react";
import { useContactDetails } from "~/utils/use-contact-details";
import * as s from "./WhatsAppLink.css";

/** Drawn for this site, not WhatsApp's own mark. */
function WhatsAppIcon() {
  return (
    <svg className={s.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
      <path
        d="M9 7.5c-.6 0-1.3.7-1.3 1.7 0 2.6 3.5 6.8 6.9 7 1.1 0 1.8-.8 1.8-1.4l-1.9-1.2-1 .9c-1.1-.4-2.5-1.8-2.9-2.9l.9-1L9.3 7.5z"
        fill="currentColor"
      />
    </svg>
  );
}

/** A plain link: nothing of WhatsApp's loads until it is clicked. */
export function WhatsAppLink({ className }: { className?: string }) {
  const { whatsapp } = useContactDetails();
  const { t } = useTranslation(LAYOUT);
  const service = serviceAtPath(useLocation().pathname);
  const message = service ? t.whatsapp.services[service.slug] : t.whatsapp.message(BRAND);
  if (!whatsapp) return null;
  return (
    <a
      href={whatsappHref(whatsapp, message)}
      className={`${s.link}${className ? ` ${className}` : ""}`}
      target="_blank"
      rel="noopener"
      aria-label={t.whatsapp.name}
      data-whatsapp=""
    >
      <WhatsAppIcon />
      <span>{t.whatsapp.label}</span>
    </a>
  );
}
