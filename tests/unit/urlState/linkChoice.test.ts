// A choice restored from a link (or Back) keeps the link's view; the first other choice moves the
// map to the chosen area (issue 24 defects 5 and 6; useAreaView.ts).
import { describe, expect, it } from 'vitest';
import { chosenByLink, rememberLinkChoice } from '../../../src/ui/urlState/restore.ts';

describe("the link's choice", () => {
  it("is recognised on the link's page until another choice is made", () => {
    rememberLinkChoice('dashboard/', { province: ['90'], reports: ['x'] });
    expect(chosenByLink('dashboard/', { province: ['90'], district: [] })).toBe(true);
    expect(chosenByLink('cmline/', { province: ['90'], district: [] })).toBe(false);
    rememberLinkChoice('dashboard/', { province: ['90'] });
    expect(chosenByLink('dashboard/', { province: ['90'], district: ['9001'] })).toBe(false);
    // Forgotten once changed: choosing the link's province again moves the map.
    expect(chosenByLink('dashboard/', { province: ['90'], district: [] })).toBe(false);
  });

  it('a page opened without a link has no link choice', () => {
    rememberLinkChoice('dashboard/', {});
    expect(chosenByLink('dashboard/', { province: ['90'] })).toBe(false);
  });
});
