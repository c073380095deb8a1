/**
 * The filter of the staff's users list (docs/product.md#staff-area "the users list call can be filtered by role",
 * `GET /users` with query role): a role and a search in names or e-mail, both in the
 * URL (`/agence/utilisateurs?role=customer&q=tremblay`) so a list can be shared and reloaded.
 * Pure; shared with the browser.
 */
import { isOneOf, type Role, ROLES } from "~/vocabulary";

/** Longest search text kept (longer input is cut, never refused). */
export const USER_SEARCH_MAX = 100;

export interface UsersFilter {
  role: Role | null;
  search: string;
}

/** The filter of a users-list URL: an unknown role is ignored, the search trimmed and cut. */
export function parseUsersFilter(params: URLSearchParams): UsersFilter {
  const role = params.get("role");
  return {
    role: isOneOf(ROLES, role) ? role : null,
    search: (params.get("q") ?? "").trim().slice(0, USER_SEARCH_MAX),
  };
}
