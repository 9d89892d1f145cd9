import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, api, BASE_URL, launch, shot, staffToken } from './support';

jest.setTimeout(120_000);

// The list, with or without the query string react-admin may add for its filters.
const LIST = /\/admin\/staff(\?.*)?$/;
const NOT_YOURSELF = 'You cannot change your own role or remove your own account; ask another administrator.';

describe('Staff accounts in the console', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const errors: string[] = [];
  const stamp = Date.now().toString(36);
  const email = `clara.${stamp}@facet.test`;
  const password = `Vault-Clara-${stamp}!7`;

  const notice = (text: string | RegExp) => page.locator('.MuiSnackbar-root').getByText(text).first();
  const staffMenuItem = (p: Page) => p.getByRole('menuitem', { name: 'Staff', exact: true });

  async function signIn(p: Page, user: string, pass: string): Promise<void> {
    await p.goto('/admin/login');
    // The first visit of a fresh shop warms it up: allow it more time.
    await p.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 60_000 });
    await p.getByLabel('Username').fill(user);
    await p.locator('input[type="password"]').fill(pass);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.waitForURL('**/admin/dashboard');
  }

  async function search(text: string): Promise<void> {
    await page.getByPlaceholder('Name or e-mail').fill(text);
    // The search is debounced: wait until every row shown matches, not just until one does.
    await page.waitForFunction((t) => {
      const rows = Array.from(document.querySelectorAll('tbody tr'));
      return rows.length > 0 && rows.every((r) => r.textContent?.includes(t));
    }, text);
  }

  async function member(): Promise<any> {
    return (await api('GET', `/api/admin/staff?q=${encodeURIComponent(email)}`, undefined, token)).body.items[0];
  }

  beforeAll(async () => {
    browser = await launch();
    context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 860 }, reducedMotion: 'reduce' });
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    token = await staffToken();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should let an administrator add a staff member, refusing a weak password with the server message', async () => {
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await staffMenuItem(page).click();
    await page.waitForURL(LIST);
    await page.getByRole('link', { name: 'Add staff member' }).click();
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="name"]').fill(`Clara Clerk ${stamp}`);
    await page.getByRole('combobox', { name: /Role/ }).click();
    await page.getByRole('option', { name: 'Staff', exact: true }).click();
    await page.locator('input[name="password"]').fill('weakpass');
    await page.getByRole('button', { name: 'Save' }).click();
    await notice(/^Password requirements not met/).waitFor();
    await shot(page, 'staff-01-weak-password');
    expect(await member()).toBeUndefined();

    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Save' }).click();
    await notice('Staff member added').waitFor();
    await page.waitForURL(LIST);
    await search(email);
    const row = page.locator('tbody tr', { hasText: email });
    await expect(row.getByText('Staff', { exact: true }).count()).resolves.toBe(1);
    await shot(page, 'staff-02-list');
    expect(await member()).toMatchObject({ email, role: 'staff' });

    // The role filter: not among the administrators, back among the staff; then cleared.
    const roleFilter = page.getByRole('combobox', { name: 'Role' });
    await roleFilter.click();
    await page.getByRole('option', { name: 'Administrator' }).click();
    await row.waitFor({ state: 'detached' });
    await roleFilter.click();
    await page.getByRole('option', { name: 'Staff', exact: true }).click();
    await row.waitFor();
    await roleFilter.click();
    await page.getByRole('option', { name: 'Clear value' }).click();
  });

  it('should not show the Staff page to plain staff, whom the server refuses anyway', async () => {
    const other = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 860 } });
    other.setDefaultTimeout(20_000);
    const clerk = await other.newPage();
    await signIn(clerk, email, password);
    await clerk.getByRole('menuitem', { name: 'Products' }).waitFor();
    expect(await staffMenuItem(clerk).count()).toBe(0);
    await clerk.goto('/admin/staff');
    await clerk.getByText('Only administrators manage staff accounts.').waitFor();
    await shot(clerk, 'staff-05-plain-staff');
    await other.close();
    const session = (await api('POST', '/api/staff/login', { username: email, password })).body.token;
    expect((await api('GET', '/api/admin/staff', undefined, session)).status).toBe(403);
  });

  it("should change the new member's role, and refuse the administrator's own", async () => {
    await page.locator('tbody tr', { hasText: email }).getByText(email).click();
    await page.waitForURL(/\/admin\/staff\/[0-9a-f-]{36}$/);
    // The e-mail is on the form and, inside a longer sentence, in the History panel: the form's own text.
    await page.getByText(email, { exact: true }).first().waitFor();
    await page.getByRole('combobox', { name: /Role/ }).click();
    await page.getByRole('option', { name: 'Administrator' }).click();
    await shot(page, 'staff-03-edit-role');
    await page.getByRole('button', { name: 'Save role' }).click();
    await notice('Role changed').waitFor();
    await page.waitForURL(LIST);
    expect((await member()).role).toBe('admin');

    // One's own role: the server's refusal shows as it is.
    await search(ADMIN_EMAIL);
    await page.locator('tbody tr', { hasText: ADMIN_EMAIL }).getByText(ADMIN_EMAIL).click();
    await page.waitForURL(/\/admin\/staff\/[0-9a-f-]{36}$/);
    await page.getByRole('combobox', { name: /Role/ }).click();
    await page.getByRole('option', { name: 'Staff', exact: true }).click();
    await page.getByRole('button', { name: 'Save role' }).click();
    await notice(NOT_YOURSELF).waitFor();
    const me = (await api('GET', `/api/admin/staff?q=${encodeURIComponent(ADMIN_EMAIL)}`, undefined, token)).body.items[0];
    expect(me.role).toBe('admin');
  });

  it('should let a member change their own password from the account menu, then sign in again with the new one', async () => {
    const chosen = `Opal-Doublet-${stamp}!9`;
    const other = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 860 }, reducedMotion: 'reduce' });
    other.setDefaultTimeout(20_000);
    const clerk = await other.newPage();
    const clerkErrors: string[] = [];
    clerk.on('pageerror', (e) => clerkErrors.push(e.message));
    const field = (name: string) => clerk.locator(`input[name="${name}"]`);
    const save = () => clerk.getByRole('button', { name: 'Change password' }).click();
    await signIn(clerk, email, password);
    await clerk.getByRole('button', { name: `Clara Clerk ${stamp}, account menu` }).click();
    await clerk.getByRole('menuitem', { name: 'Change my password' }).click();
    await clerk.waitForURL('**/admin/account/password');
    await clerk.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    await clerk.getByText(`Choose a new password for Clara Clerk ${stamp} (${email}).`).waitFor();

    // The rule is checked as it is typed, before anything is sent.
    await field('current_password').fill(password);
    await field('password').fill('opal');
    await field('confirm_password').fill('opal-');
    await save();
    await clerk.getByText(/^Password requirements not met/).waitFor();
    await clerk.getByText('The passwords do not match').waitFor();
    const rules = clerk.getByTestId('password-rules');
    await expect(rules.locator('li').count()).resolves.toBe(5);
    await expect(rules.locator('li[data-met="true"]').count()).resolves.toBe(1);
    await shot(clerk, 'staff-06-own-password-rules');

    // A wrong current password: the server's message under "Current password"; nothing changed.
    await field('current_password').fill('Not-My-Password-1985!');
    await field('password').fill(chosen);
    await field('confirm_password').fill(chosen);
    await expect(rules.locator('li[data-met="true"]').count()).resolves.toBe(5);
    await save();
    await clerk.getByText('The current password is not right.').waitFor();
    expect(await field('current_password').getAttribute('aria-invalid')).toBe('true');
    await shot(clerk, 'staff-07-own-password-wrong-current');
    expect((await api('POST', '/api/staff/login', { username: email, password })).status).toBe(200);

    // The right one: a notice, the sign-in page, and the new password from now on.
    await field('current_password').fill(password);
    await save();
    await clerk.waitForURL('**/admin/login');
    await clerk.locator('.MuiSnackbar-root').getByText('Password changed. Please sign in again with your new password.').waitFor();
    await shot(clerk, 'staff-08-own-password-changed');
    await clerk.goto('/admin/dashboard');
    await clerk.waitForURL('**/admin/login');
    expect((await api('POST', '/api/staff/login', { username: email, password })).status).toBe(401);
    await signIn(clerk, email, chosen);
    await clerk.getByText('Total products').waitFor();
    expect(clerkErrors).toEqual([]);
    await other.close();
  });

  it("should point the administrator's 'Set a new password' dialog to the member's own page", async () => {
    await page.goto('/admin/staff');
    await search(email);
    await page.locator('tbody tr', { hasText: email }).getByText(email).click();
    await page.getByRole('button', { name: 'Set a new password' }).click();
    await page
      .getByRole('dialog')
      .getByText(/account menu \(their name, top right\) → Change my password/)
      .waitFor();
    expect(
      await page
        .getByRole('dialog')
        .getByText(/\/api\//)
        .count(),
    ).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  it("should show the server's message when the administrator tries to remove themselves, and remove the new member", async () => {
    await page.goto('/admin/staff');
    await search(ADMIN_EMAIL);
    await page.locator('tbody tr', { hasText: ADMIN_EMAIL }).getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog')
      .getByText(/cannot be undone/)
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await notice(NOT_YOURSELF).waitFor();
    await shot(page, 'staff-04-remove-yourself');
    expect((await api('GET', '/api/staff/me', undefined, token)).status).toBe(200);

    await search(email);
    await page.locator('tbody tr', { hasText: email }).getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog')
      .getByText(/cannot be undone/)
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await notice('Staff member removed').waitFor();
    expect(await member()).toBeUndefined();
    expect((await api('POST', '/api/staff/login', { username: email, password })).status).toBe(401);
    expect(errors).toEqual([]);
  });
});
