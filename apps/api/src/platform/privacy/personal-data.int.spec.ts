import { DatabaseService } from '../database/database.service';
import { startTestApp, TestApp } from '../../testing/test-app';
import { ERASED, PersonalData } from './personal-data';

describe('Personal data sealed per subject', () => {
  let t: TestApp;
  let privacy: PersonalData;
  beforeAll(async () => {
    t = await startTestApp();
    privacy = t.app.get(PersonalData);
  });
  afterAll(async () => {
    await t.close();
  });

  it('should open what was sealed, and nothing once the subject is erased', async () => {
    const sealed = await privacy.seal('guest:abc', 'Ada Lovelace');
    expect(sealed).toMatch(/^pii:v1:/);
    expect(JSON.stringify(sealed)).not.toContain('Ada');
    expect(await privacy.open(sealed)).toBe('Ada Lovelace');
    await privacy.erase('guest:abc');
    expect(await privacy.open(sealed)).toBeNull();
    expect(await privacy.open(sealed, ERASED)).toBe(ERASED);
  });

  it('should keep what an erased subject had erased when the same subject comes back with a new key', async () => {
    const before = await privacy.seal('guest:returning', { name: 'Grace', phone: '+1 512 555 0100' });
    await privacy.erase('guest:returning');
    // The same e-mail used again: the same subject, a new key.
    const after = await privacy.seal('guest:returning', { name: 'Grace H.' });
    // Another process (no cache) opens both, as a replay would.
    const fresh = new PersonalData(t.app.get(DatabaseService));
    expect(await fresh.open(before, ERASED)).toBe(ERASED);
    expect(await fresh.open(before)).toBeNull();
    expect(await fresh.open(after)).toEqual({ name: 'Grace H.' });
    expect(await fresh.openDeep({ old: before, now: after }, ERASED)).toEqual({ old: ERASED, now: { name: 'Grace H.' } });
  });
});
