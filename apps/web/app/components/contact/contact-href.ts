/**
 * The contact section of the help page. Its own module so the footer's contact link, on every page, does
 * not pull the information pages' tables into the first load.
 */
export const CONTACT_HREF = '/information/help/#contact';
