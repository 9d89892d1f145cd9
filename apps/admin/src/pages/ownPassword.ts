import { checkPassword, type PasswordCheck } from '@facet/contracts';
import { ApiError, FALLBACK_MESSAGE } from '../api-error';

/** The fields of the "Change my password" form, named as PUT /api/staff/me/password names them. */
export const OWN_PASSWORD_FIELDS = ['current_password', 'password'] as const;

/** The customers' password rule, one line per part, in the order the form lists them. */
export const PASSWORD_RULE_KEYS: { key: keyof PasswordCheck; label: string }[] = [
  { key: 'length', label: 'facet.account.rule_length' },
  { key: 'upper', label: 'facet.account.rule_upper' },
  { key: 'lower', label: 'facet.account.rule_lower' },
  { key: 'digit', label: 'facet.account.rule_digit' },
  { key: 'special', label: 'facet.account.rule_special' },
];

/** Each part of the rule with whether the typed password meets it (for the list under the field). */
export function passwordRuleStates(password: string): { label: string; met: boolean }[] {
  const check = checkPassword(password);
  return PASSWORD_RULE_KEYS.map(({ key, label }) => ({ label, met: check[key] }));
}

/**
 * What a refused change shows: the API's message under the field it names (a wrong current password under
 * "Current password", a weak or common new one under "New password"), anything else (too many wrong tries,
 * the server or the network) as one message above the form.
 */
export function ownPasswordFailure(error: unknown): { fields: Record<string, string>; message: string | null } {
  const fields: Record<string, string> = {};
  if (error instanceof ApiError) {
    const errors = (error.body as { errors?: unknown } | null)?.errors;
    if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
      for (const field of OWN_PASSWORD_FIELDS) {
        const message = (errors as Record<string, unknown>)[field];
        if (typeof message === 'string' && message) fields[field] = message;
      }
    }
    if (Object.keys(fields).length) return { fields, message: null };
    return { fields, message: error.message || FALLBACK_MESSAGE };
  }
  return { fields, message: error instanceof Error && error.message ? error.message : FALLBACK_MESSAGE };
}
