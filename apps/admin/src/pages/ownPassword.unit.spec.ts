import { ApiError } from '../api-error';
import { withFormErrors } from '../dataProvider';
import { i18nProvider } from '../i18n/en';
import { ownPasswordFailure, PASSWORD_RULE_KEYS, passwordRuleStates } from './ownPassword';

describe('Change my password', () => {
  describe('When a member types a new password', () => {
    it("should tick off each part of the customers' rule as it is met", () => {
      expect(passwordRuleStates('').every((r) => !r.met)).toBe(true);
      expect(passwordRuleStates('opal').map((r) => r.met)).toEqual([false, false, true, false, false]);
      expect(passwordRuleStates('Opal-2033').map((r) => r.met)).toEqual([true, true, true, true, true]);
      for (const { label } of PASSWORD_RULE_KEYS) expect(i18nProvider.translate(label)).not.toBe(label);
    });
  });

  describe('When the API refuses the change', () => {
    const refusal = (status: number, body: unknown) => new ApiError(String((body as any)?.detail ?? ''), status, withFormErrors(body));

    it('should put a wrong current password under "Current password", a weak new one under "New password"', () => {
      const wrong = 'The current password is not right.';
      expect(ownPasswordFailure(refusal(400, { detail: wrong, errors: [{ field: 'current_password', message: wrong }] }))).toEqual({
        fields: { current_password: wrong },
        message: null,
      });
      const common = 'This password is too common: it appears in lists of breached passwords. Please choose a less predictable one.';
      expect(ownPasswordFailure(refusal(400, { detail: common, errors: [{ field: 'password', message: common }] }))).toEqual({
        fields: { password: common },
        message: null,
      });
    });

    it('should show a throttle, a refusal of no field of the form, the server and the network above the form', () => {
      const wait = 'Too many wrong passwords. Please wait 1 minute and try again.';
      expect(ownPasswordFailure(refusal(429, { detail: wait }))).toEqual({ fields: {}, message: wait });
      expect(
        ownPasswordFailure(refusal(400, { detail: 'property extra should not exist', errors: [{ field: 'extra', message: 'x' }] })),
      ).toEqual({
        fields: {},
        message: 'property extra should not exist',
      });
      expect(ownPasswordFailure(new ApiError('Server error. Please try again later.', 503))).toEqual({
        fields: {},
        message: 'Server error. Please try again later.',
      });
      expect(ownPasswordFailure(new TypeError('Failed to fetch')).message).toBe('Failed to fetch');
      expect(ownPasswordFailure('?').message).toBe('Something went wrong. Please try again.');
    });
  });

  it('should have words for the page, the menu and the notice', () => {
    for (const key of ['facet.menu.change_password', 'facet.account.title', 'facet.account.change', 'facet.notice.own_password_changed']) {
      expect(i18nProvider.translate(key)).not.toBe(key);
    }
    expect(i18nProvider.translate('facet.staff.set_password_content')).toContain('Change my password');
    expect(i18nProvider.translate('facet.staff.set_password_content')).not.toContain('/api/');
  });
});
