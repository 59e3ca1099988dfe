// Who may do what in the staff area, each rule stated once. Roles: an owner may do everything; a member of staff
// ("staff") reads and answers the inbox; a site editor is a member of staff an owner allowed to edit the Site section
// (docs/staff.md). The staff and site rooms, the routes and the frame all ask here; the store decides none of it.

export type Role = "owner" | "staff";

/** A person as the rules read them: `siteEditor` is the owner's grant as stored, not yet the rule's answer. */
type Person = { role: Role | string; siteEditor: boolean };

const owner = (person: Person) => person.role === "owner";

const RULES = {
  /** The Site section: its words, photos, preview and publish. */
  editSite: (person: Person) => owner(person) || person.siteEditor,
  /** Invite, reset, remove, allow or stop a site editor, remove a passkey. */
  managePeople: owner,
  readAudit: owner,
  /** The inbox's export, and one person's enquiries downloaded or erased on their request. */
  exportEnquiries: owner,
  /** Whether the team's calendar feeds show more than a first name and the party size. */
  calendarDetails: owner,
} satisfies Record<string, (person: Person) => boolean>;

export type Permission = keyof typeof RULES;

export const may = (person: Person, permission: Permission): boolean => RULES[permission](person);

/** Only a member of staff is given or loses the site: an owner has it anyway. */
export const mayBeSiteEditor = (person: { role: Role | string }) => person.role !== "owner";
