/**
 * The staff console on a phone: every page checked by axe (no serious or critical violation, WCAG AA contrast
 * included), one h1 per page, no sideways scrolling lists (the desktop's walk is console-a11y).
 */
import { openConsole, describeWalk, type Console } from './console-a11y';

jest.setTimeout(300_000);

describe('Staff console: accessibility, phones, bulk actions and export', () => {
  let open: Console;
  beforeAll(async () => {
    open = await openConsole(['phone']);
  });
  afterAll(async () => {
    await open?.browser.close();
  });

  describeWalk('phone', () => open);
});
