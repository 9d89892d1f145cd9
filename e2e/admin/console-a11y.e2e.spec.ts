/**
 * The staff console as a staff member with a keyboard, a screen reader or a phone meets it: every page on a
 * desktop checked by axe (no serious or critical violation, WCAG AA contrast included), one h1 per page. The
 * phone's walk is console-a11y-phone, the bulk actions and export console-bulk (three files: the two workers
 * run them side by side).
 */
import { openConsole, describeWalk, type Console } from './console-a11y';

jest.setTimeout(300_000);

describe('Staff console: accessibility, phones, bulk actions and export', () => {
  let open: Console;
  beforeAll(async () => {
    open = await openConsole(['desktop']);
  });
  afterAll(async () => {
    await open?.browser.close();
  });

  describeWalk('desktop', () => open);
});
