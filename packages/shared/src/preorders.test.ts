import { describe, expect, it } from 'vitest';
import {
  calendarDateText,
  checkPreorderDates,
  isCalendarDate,
  PREORDER_RULES,
  releaseMonth,
  shopToday,
  yearsAfter,
} from './preorders';

describe('pre-order dates', () => {
  it('are calendar days that exist', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2027-13-01')).toBe(false);
    expect(isCalendarDate('15-03-2027')).toBe(false);
    expect(isCalendarDate('0999-01-01')).toBe(false);
  });

  it('read as a month and as a day', () => {
    expect(releaseMonth('2027-03-15')).toBe('March 2027');
    expect(calendarDateText('2027-03-05')).toBe('5 March 2027');
    expect(shopToday(new Date('2027-03-15T23:59:59Z'))).toBe('2027-03-15');
    expect(yearsAfter('2028-02-29', 5)).toBe('2033-02-28');
  });

  it('follow the form rules, the release date ahead of today only when asked', () => {
    expect(checkPreorderDates('', '')).toEqual({});
    expect(checkPreorderDates('2027-03-15', '2027-03-01', '2027-01-01')).toEqual({});
    expect(checkPreorderDates('2027-03-15', '', '2027-03-15')).toEqual({
      releaseDate: PREORDER_RULES.releaseDatePast,
    });
    expect(checkPreorderDates('2027-03-15', '')).toEqual({});
    expect(checkPreorderDates('2040-03-15', '', '2027-01-01')).toEqual({
      releaseDate: PREORDER_RULES.releaseDateTooFar,
    });
    expect(checkPreorderDates('soon', '')).toEqual({
      releaseDate: PREORDER_RULES.releaseDateInvalid,
    });
    expect(checkPreorderDates('', '2027-03-01')).toEqual({
      preorderUntil: PREORDER_RULES.preorderUntilWithoutRelease,
    });
    expect(checkPreorderDates('2027-03-15', '2027-03-15')).toEqual({
      preorderUntil: PREORDER_RULES.preorderUntilAfterRelease,
    });
    expect(checkPreorderDates('2027-03-15', '2027-02-30')).toEqual({
      preorderUntil: PREORDER_RULES.preorderUntilInvalid,
    });
  });
});
