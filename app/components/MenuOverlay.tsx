import { NavLink, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { SERVICE_LINKS, CONTACT_LINK } from "~/content/navigation";
import { telHref } from "~/content/site";
import { useContactDetails } from "~/utils/use-contact-details";
import { useHydrated } from "~/utils/use-hydrated";
import * as s from "./MenuOverlay.css";

const MENU_ID = "site-menu";
const LINKS = [{ to: "/", label: "Home" }, ...SERVICE_LINKS, CONTACT_LINK];

function MenuLinks() {
  const contact = useContactDetails();
  return (
    <nav aria-label="Main menu" className={s.panel}>
      <ul className={s.list}>
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className={s.link}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <p className={s.reach}>
        <a href={telHref(contact.phone)}>{contact.phone}</a>
        <a href={`mailto:${contact.email}`}>{contact.email}</a>
      </p>
    </nav>
  );
}

function BurgerIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {open ? (
        <path d="M5 5l14 14M19 5 5 19" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );
}

/** The hamburger and its full-width overlay. Without JavaScript it is a <details> element,
 * which opens and closes natively; once hydrated it becomes a button with aria-expanded,
 * Escape closes it and focus returns to the button. */
export function MenuOverlay() {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <details className={s.details}>
        <summary className={s.toggle} aria-label="Menu">
          <BurgerIcon open={false} />
        </summary>
        <div className={s.overlay}>
          <MenuLinks />
        </div>
      </details>
    );
  }
  return <EnhancedMenu />;
}

function EnhancedMenu() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  // Navigating away through a menu link closes the menu (state adjusted while rendering, as
  // React advises, rather than in an effect that would render twice).
  const here = location.pathname + location.search;
  const [openedAt, setOpenedAt] = useState(here);
  if (openedAt !== here) {
    setOpenedAt(here);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const outside = [document.querySelector("main"), document.querySelector("footer")];
    outside.forEach((el) => el?.setAttribute("inert", ""));
    document.body.style.overflow = "hidden";
    overlayRef.current?.querySelector("a")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      outside.forEach((el) => el?.removeAttribute("inert"));
      document.body.style.overflow = "";
      document.removeEventListener("keydown", onKey);
    };
  }, [open, close]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={s.toggle}
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={MENU_ID}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <BurgerIcon open={open} />
      </button>
      <div id={MENU_ID} ref={overlayRef} className={s.overlay} hidden={!open}>
        <MenuLinks />
      </div>
    </>
  );
}
