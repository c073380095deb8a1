/**
 * The honeypot's field name, shared by the public forms that carry one (the contact and the
 * newsletter forms, through `<Honeypot>`) and by the check that refuses a filled one.
 */

/** The hidden field people leave empty and form-filling robots fill. */
export const HONEYPOT_FIELD = "website";
